import { zodResolver } from '@hookform/resolvers/zod';
import { TIMING, VerifyEmailBody } from '@plates/common';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { AuthShell } from '../components/auth-shell';
import { EmailRequestForm } from '../components/email-request-form';
import { useRequestVerification, useVerifyEmail } from '../hooks/use-email-actions';
import { joinReturn } from '../lib/join-return';
import { signInPath } from '../lib/return-to';

type Status = 'idle' | 'verifying' | 'success' | 'error';

/**
 * /auth/verify-email?token=: verifies the token from the link automatically, or a code typed in.
 * A token is single use, so each token is sent exactly once, even when StrictMode runs effects
 * twice.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const urlToken = params.get('token')?.trim() || null;
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useRequestVerification({ failureTitle: 'Request Failed' });
  const attempted = useRef(new Set<string>());
  const [status, setStatus] = useState<Status>(urlToken ? 'verifying' : 'idle');
  const [message, setMessage] = useState('');
  const [askingEmail, setAskingEmail] = useState(false);
  // Sign In, and then back to the page the member joined from (remembered by Join Now).
  const [signInTo, setSignInTo] = useState('/auth');

  const { mutate } = verify;
  const run = useCallback(
    (token: string) => {
      if (attempted.current.has(token)) return;
      attempted.current.add(token);
      setStatus('verifying');
      mutate(
        { token },
        {
          onSuccess: () => {
            setSignInTo(signInPath(joinReturn.take()));
            setStatus('success');
          },
          onError: (error) => {
            setMessage(isApiError(error) && error.message ? error.message : 'Verification failed');
            setStatus('error');
          },
        },
      );
    },
    [mutate],
  );

  useEffect(() => {
    if (urlToken) run(urlToken);
  }, [urlToken, run]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => void navigate(signInTo), TIMING.verifyRedirectMs);
    return () => window.clearTimeout(timer);
  }, [status, navigate, signInTo]);

  const codeForm = useForm<VerifyEmailBody>({
    resolver: zodResolver(VerifyEmailBody),
    defaultValues: { token: '' },
  });

  const tryDifferentCode = () => {
    setAskingEmail(false);
    setMessage('');
    codeForm.reset({ token: '' });
    setStatus('idle');
  };

  const emailForm = (
    <EmailRequestForm
      submitLabel="Send verification email"
      pending={resend.isPending}
      onSubmit={(body) => resend.mutate(body, { onSuccess: () => setAskingEmail(false) })}
      onCancel={() => setAskingEmail(false)}
      autoFocus
    />
  );

  if (status === 'verifying') {
    return (
      <AuthShell title="Verifying your email" description="This takes just a moment.">
        <div className="flex justify-center py-4">
          <Spinner className="size-8" label="Verifying your email" />
        </div>
      </AuthShell>
    );
  }

  if (status === 'success') {
    return (
      <AuthShell
        icon={<CircleCheck className="text-success" />}
        title="Email verified"
        description="Your address is confirmed. You can now sign in to Plates."
      >
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          Taking you to Sign In in a few seconds.
        </p>
        <Button asChild size="lg">
          <Link to={signInTo}>Go to Sign In</Link>
        </Button>
      </AuthShell>
    );
  }

  if (status === 'error') {
    return (
      <AuthShell
        icon={<CircleX className="text-destructive" />}
        title="Verification Failed"
        description={<span role="alert">{message}</span>}
      >
        {askingEmail ? (
          emailForm
        ) : (
          <div className="grid gap-2">
            <Button size="lg" onClick={() => setAskingEmail(true)}>
              Request New Verification Email
            </Button>
            <Button size="lg" variant="outline" onClick={tryDifferentCode}>
              Try Different Code
            </Button>
          </div>
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell
      icon={<MailCheck />}
      title="Verify your email"
      description="Open the link in the email we sent you, or enter the verification code from it."
    >
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(event) => void codeForm.handleSubmit(({ token }) => run(token))(event)}
      >
        <FormField label="Verification code" error={codeForm.formState.errors.token?.message}>
          <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...codeForm.register('token')} />
        </FormField>
        <Button type="submit" size="lg">
          Verify Email
        </Button>
      </form>
      {askingEmail ? (
        emailForm
      ) : (
        <Button variant="link" className="justify-self-center" onClick={() => setAskingEmail(true)}>
          Send new verification email
        </Button>
      )}
      <Button asChild variant="ghost">
        <Link to="/auth">Back to Sign In</Link>
      </Button>
    </AuthShell>
  );
}
