import type { VerificationRequestBody, VerificationRequestDto } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { userKeys } from '../api/keys';
import { fetchMyVerification, requestVerification } from '../api/users-api';

/** The viewer's badge and verification request (asked again each time Settings opens: staff may have decided since). */
export function useMyVerification() {
  return useQuery({ queryKey: userKeys.verification, queryFn: fetchMyVerification, staleTime: 0 });
}

/** Sends a request; the section then shows it as pending. */
export function useRequestVerification({ onFailed }: { onFailed?: (error: ApiError) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<VerificationRequestDto, ApiError, VerificationRequestBody>({
    mutationFn: requestVerification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.verification });
      toast({ variant: 'success', title: 'Request sent', description: 'A moderator will look at it. You will get a notification with the answer.' });
    },
    onError: (error) => {
      // Refused as already pending or verified (another tab, a moderator): show what is true now.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: userKeys.verification });
      onFailed?.(error);
    },
  });
}
