import type { PostDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { removePostFromCaches } from '../api/cache';
import { postKeys } from '../api/keys';
import { deletePost } from '../api/posts-api';

export function useDeletePost(options: { onDeleted?: (post: PostDto) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, PostDto>({
    mutationFn: (post) => deletePost(post.id),
    onSuccess: (_answer, post) => {
      removePostFromCaches(queryClient, post.id);
      queryClient.removeQueries({ queryKey: postKeys.detail(post.id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.topRatedAll() });
      toast({ variant: 'success', title: 'Post deleted successfully' });
      options.onDeleted?.(post);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: `Failed to delete post: ${error.message}` }),
  });
}
