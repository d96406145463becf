import type { PostDto } from '@plates/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api';
import { askToLogIn, useAuth } from '../../auth';
import { putPostInCaches, updatePostInCaches } from '../api/cache';
import { postKeys } from '../api/keys';
import { setSaved } from '../api/posts-api';
import { LatestStateSender } from '../../../lib/latest-state';

const sender = new LatestStateSender();

/**
 * Save and unsave with an optimistic flip everywhere the plate is cached, one request for a burst
 * of clicks, a confirming toast, and a rollback with a toast when the server refuses.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  return useCallback(
    (post: PostDto) => {
      if (!user) {
        askToLogIn('Please log in to save this plate');
        return;
      }
      const wanted = !post.isSaved;
      updatePostInCaches(queryClient, post.id, (p) => ({ ...p, isSaved: wanted }));
      sender.toggle(`save:${post.id}`, wanted, post.isSaved, {
        send: (state) => setSaved(post.id, state),
        onSettled: (answer, state) => {
          if (answer && typeof answer === 'object' && 'id' in answer) putPostInCaches(queryClient, answer);
          else updatePostInCaches(queryClient, post.id, (p) => ({ ...p, isSaved: state }));
          void queryClient.invalidateQueries({ queryKey: postKeys.saved() });
          toast({
            variant: 'success',
            title: state ? 'Plate saved' : 'Removed from saved',
            description: state
              ? 'You can find it in Saved Plates.'
              : 'The plate is no longer in your Saved Plates.',
          });
        },
        onError: (error, attempted, confirmed) => {
          updatePostInCaches(queryClient, post.id, (p) => ({ ...p, isSaved: confirmed }));
          toast({
            variant: 'destructive',
            title: 'Error',
            description: `${attempted ? 'Failed to save post' : 'Failed to unsave post'}: ${describeError(error)}`,
          });
        },
      });
    },
    [queryClient, user],
  );
}
