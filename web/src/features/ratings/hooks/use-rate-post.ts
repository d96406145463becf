import type { PostDto } from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { askToLogIn, isOwner, useAuth } from '../../auth';
import { ratePost } from '../api/ratings-api';

/**
 * Rates a plate: guests are asked to log in and owners are refused before any request. The answer
 * (the updated plate) goes to `onRated`, which puts it wherever plates are cached (the posts
 * feature: every copy of the plate, and top rated refreshes).
 */
export function useRatePost(post: PostDto, onRated: (updated: PostDto) => void) {
  const { user } = useAuth();
  const mutation = useMutation<PostDto, ApiError, number>({
    mutationFn: (rating) => ratePost(post.id, rating),
    onSuccess: (updated) => {
      onRated(updated);
      toast({ variant: 'success', title: 'Your rating has been submitted!' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: `Failed to submit rating: ${error.message}` }),
  });

  const rate = (rating: number) => {
    if (!user) {
      askToLogIn('Please log in to rate this plate');
      return;
    }
    if (isOwner(user, post)) {
      toast({
        variant: 'destructive',
        title: "Can't rate your own plate",
        description: "You cannot rate plates you've posted (but you can still comment)",
      });
      return;
    }
    mutation.mutate(rating);
  };

  return { rate, isPending: mutation.isPending };
}
