import type { EmailBody, MessageResponse, ResetPasswordBody, VerifyEmailBody } from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { forgotPassword, requestVerification, resetPassword, verifyEmail } from '../api/auth-api';

const VERIFICATION_SENT = {
  title: 'Verification email sent',
  description: 'Please check your email for the verification link.',
} as const;

/**
 * Sends a new verification email. `failureTitle` differs by screen: the sign-in alert says
 * "Failed to send email", the verification page "Request Failed" (document 1 §8).
 */
export function useRequestVerification(options: {
  failureTitle: 'Failed to send email' | 'Request Failed';
}) {
  return useMutation<MessageResponse, ApiError, EmailBody>({
    mutationFn: requestVerification,
    onSuccess: () => toast({ ...VERIFICATION_SENT, variant: 'success' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: options.failureTitle,
        description:
          error.message ||
          'Unable to request new verification email. Please try again later.',
      }),
  });
}

export function useVerifyEmail() {
  return useMutation<MessageResponse, ApiError, VerifyEmailBody>({ mutationFn: verifyEmail });
}

export function useForgotPassword() {
  return useMutation<MessageResponse, ApiError, EmailBody>({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation<MessageResponse, ApiError, ResetPasswordBody>({
    mutationFn: resetPassword,
    onSuccess: (answer) =>
      toast({
        variant: 'success',
        title: 'Password updated',
        description: answer?.message ?? 'Your password has been reset. Please sign in.',
      }),
    onError: (error) =>
      toast({ variant: 'destructive', title: error.title, description: error.message }),
  });
}
