import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm } from '@plates/common';
import { KeyRound, Link2Off } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { AuthShell } from '../components/auth-shell';
import { useResetPassword } from '../hooks/use-email-actions';

/** /auth/reset-password?token=: choose a new password with the link's token. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const invalidLink = !token || reset.error?.code === 'INVALID_RESET_TOKEN';
  if (invalidLink) {
    return (
      <AuthShell
        icon={<Link2Off />}
        title={token ? 'Invalid Reset Link' : 'Reset link missing'}
        description={
          token
            ? reset.error?.message
            : 'This page needs the link from your password reset email. Request a new one if you cannot find it.'
        }
      >
        <Button asChild size="lg">
          <Link to="/auth/forgot-password">Request a new reset link</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/auth">Back to Sign In</Link>
        </Button>
      </AuthShell>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate({ token, password }, { onSuccess: () => void navigate('/auth') }),
  );

  return (
    <AuthShell icon={<KeyRound />} title="Choose a new password" description="At least 6 characters.">
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        <FormError>{reset.error?.message}</FormError>
        <FormField label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Reset Password
        </Button>
      </form>
      <Button asChild variant="ghost">
        <Link to="/auth">Back to Sign In</Link>
      </Button>
    </AuthShell>
  );
}
