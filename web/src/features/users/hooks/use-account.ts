import type { MessageResponse, ProfileDto, SessionUser } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { authKeys, normalizeUser, useAuth } from '../../auth';
import { postKeys } from '../../posts';
import { userKeys } from '../api/keys';
import { deactivateAccount, deleteAccount, updateProfile } from '../api/users-api';

/**
 * Saves the profile form (multipart PUT /api/user/profile). On success the session user takes the
 * answer and refreshes, and so do the profile and the plates that show the name and photo.
 */
export function useUpdateProfile({ onSaved, onFailed }: { onSaved?: () => void; onFailed?: (error: ApiError) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<SessionUser, ApiError, FormData>({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'id' in answer) {
        queryClient.setQueryData(authKeys.user, normalizeUser(answer));
        const { displayName, bio, location, profileImage, isPrivate, chatEnabled } = answer;
        queryClient.setQueryData<ProfileDto>(userKeys.profile(answer.id), (p) =>
          p ? { ...p, displayName, bio, location, profileImage, isPrivate, chatEnabled } : p,
        );
        void queryClient.invalidateQueries({ queryKey: userKeys.user(answer.id) });
      }
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
      void queryClient.invalidateQueries({ queryKey: userKeys.followRequests });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      toast({ variant: 'success', title: 'Profile updated' });
      onSaved?.();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Update failed', description: error.message || 'Failed to update profile' });
      onFailed?.(error);
    },
  });
}

/** Deactivation: the server ends every session; this device forgets its own and goes to /auth. */
export function useDeactivateAccount() {
  const { endSession } = useAuth();
  return useMutation<MessageResponse, ApiError, void>({
    mutationFn: deactivateAccount,
    onSuccess: async () => {
      await endSession();
      toast({ variant: 'success', title: 'Account deactivated', description: 'Sign in again whenever you want to come back.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error deactivating account', description: error.message }),
  });
}

export function useDeleteAccount() {
  const { endSession } = useAuth();
  return useMutation<MessageResponse, ApiError, void>({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await endSession();
      toast({ variant: 'success', title: 'Account deleted' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error deleting account', description: error.message }),
  });
}
