import type { PostDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { useAuth } from '../../auth';
import { putPostInCaches } from '../api/cache';
import { postKeys } from '../api/keys';
import { ratePost } from '../api/posts-api';
import { askToLogIn, isOwner } from '../lib/viewer';

/**
 * Rates a plate: guests are asked to log in and owners are refused before any request. The answer
 * (the updated plate) goes into every cache; top rated refreshes.
 */
export function useRatePost(post: PostDto) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation<PostDto, ApiError, number>({
    mutationFn: (rating) => ratePost(post.id, { rating }),
    onSuccess: (updated) => {
      putPostInCaches(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: postKeys.topRatedAll() });
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
