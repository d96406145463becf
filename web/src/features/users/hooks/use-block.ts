import type { BlockResponse, ProfileDto, UnblockResponse } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { useAuth } from '../../auth';
import { notificationKeys } from '../../notifications';
import { postKeys } from '../../posts';
import { searchKeys } from '../../search';
import { userKeys } from '../api/keys';
import { blockUser, unblockUser } from '../api/users-api';

export const NO_TOKEN_MESSAGE = 'Authentication token not found. Please log in again.';

/** Document 2 §8: no session, else the server's message, else "HTTP error {status}". */
export function blockErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return NO_TOKEN_MESSAGE;
    return error.message || `HTTP error ${error.status}`;
  }
  return error instanceof Error && error.message ? error.message : NO_TOKEN_MESSAGE;
}

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Error', description: blockErrorMessage(error) });
}

/** After a block or unblock: the person, the blocked list, suggestions, every list of plates (their plates leave the feeds), notifications and search results. */
function refreshAfterBlock(queryClient: ReturnType<typeof useQueryClient>, userId: number, me: number | undefined) {
  void queryClient.invalidateQueries({ queryKey: userKeys.user(userId) });
  if (me !== undefined) void queryClient.invalidateQueries({ queryKey: userKeys.user(me) });
  void queryClient.invalidateQueries({ queryKey: userKeys.blocked() });
  void queryClient.invalidateQueries({ queryKey: userKeys.suggestedAll });
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  // search results leave out people across a block
  void queryClient.invalidateQueries({ queryKey: searchKeys.all });
}

export interface BlockVariables {
  id: number;
  reason?: string | null;
}

export function useBlockUser({ onBlocked }: { onBlocked?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation<BlockResponse, ApiError, BlockVariables>({
    mutationFn: ({ id, reason }) => {
      if (!user) return Promise.reject(new Error(NO_TOKEN_MESSAGE));
      const trimmed = reason?.trim();
      return blockUser(id, trimmed ? trimmed : null);
    },
    onSuccess: (_answer, { id }) => {
      // at once: the profile shows Unblock and hides the plates before the refetch answers
      queryClient.setQueryData<ProfileDto>(userKeys.profile(id), (p) =>
        p ? { ...p, isBlocked: true, followState: 'none', isFollowing: false, canViewPosts: false } : p,
      );
      refreshAfterBlock(queryClient, id, user?.id);
      toast({ variant: 'success', title: 'User blocked' });
      onBlocked?.();
    },
    onError: failed,
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation<UnblockResponse, ApiError, number>({
    mutationFn: (id) => (user ? unblockUser(id) : Promise.reject(new Error(NO_TOKEN_MESSAGE))),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ProfileDto>(userKeys.profile(id), (p) => (p ? { ...p, isBlocked: false } : p));
      refreshAfterBlock(queryClient, id, user?.id);
      toast({ variant: 'success', title: 'User unblocked' });
    },
    onError: failed,
  });
}
