import { KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-field';
import { AuthShell } from '../components/auth-shell';
import { EmailRequestForm } from '../components/email-request-form';
import { useForgotPassword } from '../hooks/use-email-actions';

/** /auth/forgot-password: the same answer whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return (
      <AuthShell icon={<MailCheck />} title="Check your email">
        <p role="status" className="text-center text-sm text-muted-foreground">
          {forgot.data?.message ??
            'If an account with that email exists, a password reset link has been sent.'}
        </p>
        <Button asChild size="lg">
          <Link to="/auth">Back to Sign In</Link>
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      icon={<KeyRound />}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <FormError>{forgot.error?.message}</FormError>
      <EmailRequestForm
        submitLabel="Send reset link"
        pending={forgot.isPending}
        onSubmit={(body) => forgot.mutate(body)}
      />
      <Button asChild variant="ghost">
        <Link to="/auth">Back to Sign In</Link>
      </Button>
    </AuthShell>
  );
}
