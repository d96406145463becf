import { MESSAGES, type LoginBody } from '@plates/common';
import { Ban, Hourglass, MessageSquareWarning, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useLazyResolver } from '../../../lib/lazy-resolver';
import { useAuth } from '../hooks/use-auth';
import { EmailNotVerifiedAlert } from './email-not-verified-alert';

// Only a suspended member who chose Appeal needs the strikes and the appeal form.
const SuspensionAppeal = lazy(() => import('./suspension-appeal'));

type LoginInput = LoginBody;

/** Why a right password still cannot sign in: a suspension, or an account a moderator has yet to approve. */
interface AccountNotice {
  variant: 'destructive' | 'warning';
  title: string;
  icon: LucideIcon;
  message: string;
  /** A suspension's appeal pass: lets the member read their strikes and appeal without signing in. */
  appealToken?: string | null;
}

/** What a failed login shows: a form-level line, a field error, the verification alert or an account notice. */
function describeLoginFailure(error: unknown):
  | { kind: 'unverified'; message: string }
  | { kind: 'account'; notice: AccountNotice }
  | { kind: 'field'; field: keyof LoginInput; message: string }
  | { kind: 'form'; message: string } {
  if (!isApiError(error)) return { kind: 'form', message: 'Login failed. Please try again.' };
  if (error.code === 'EMAIL_NOT_VERIFIED') return { kind: 'unverified', message: error.message };
  // the server's words carry the reason and the end ("Your account is suspended until 3 Dec 2026. Reason: …")
  // with the right password a suspension also carries the pass to read one's strikes and appeal
  if (error.code === 'ACCOUNT_SUSPENDED') {
    return { kind: 'account', notice: { variant: 'destructive', title: 'Account suspended', icon: Ban, message: error.message, appealToken: error.appealToken ?? null } };
  }
  if (error.code === 'ACCOUNT_AWAITING_APPROVAL') {
    return { kind: 'account', notice: { variant: 'warning', title: 'Waiting for approval', icon: Hourglass, message: MESSAGES.accountAwaitingApproval } };
  }
  if (error.status === 401) return { kind: 'form', message: MESSAGES.invalidCredentials };
  if (error.status === 429) return { kind: 'form', message: MESSAGES.loginRateLimited };
  if (error.field === 'username' || error.field === 'password') {
    return { kind: 'field', field: error.field, message: error.message };
  }
  return { kind: 'form', message: error.message };
}

const loadResolver = () => import('../lib/form-resolvers').then((m) => m.loginResolver);

export function LoginForm({ defaultUsername = '' }: { defaultUsername?: string }) {
  const { loginMutation } = useAuth();
  const [unverified, setUnverified] = useState<string | null>(null);
  const [notice, setNotice] = useState<AccountNotice | null>(null);
  const [appealing, setAppealing] = useState(false);
  const form = useForm<LoginInput>({
    resolver: useLazyResolver(loadResolver),
    defaultValues: { username: defaultUsername, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(null);
    setNotice(null);
    setAppealing(false);
    try {
      await loginMutation.mutateAsync({ username: values.username, password: values.password });
    } catch (error) {
      const failure = describeLoginFailure(error);
      if (failure.kind === 'unverified') setUnverified(failure.message);
      else if (failure.kind === 'account') setNotice(failure.notice);
      else if (failure.kind === 'field') form.setError(failure.field, { message: failure.message });
      else form.setError('root.server', { message: failure.message });
    }
  });

  const pending = loginMutation.isPending;
  return (
    <div className="grid gap-4">
      {/* Outside the form: the alert has its own email form, and forms must not nest. */}
      {unverified ? <EmailNotVerifiedAlert message={unverified} /> : null}
      {/* Outside the form too: the appeal has its own form. */}
      {notice ? (
        <Alert variant={notice.variant}>
          <notice.icon aria-hidden="true" />
          <AlertTitle>{notice.title}</AlertTitle>
          <AlertDescription>
            <p className="text-foreground/85">{notice.message}</p>
            {notice.appealToken && !appealing ? (
              <Button variant="outline" className="mt-2" onClick={() => setAppealing(true)}>
                <MessageSquareWarning aria-hidden="true" />
                Appeal
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {notice?.appealToken && appealing ? (
        <Suspense fallback={<Spinner label="Loading your account's record" />}>
          <SuspensionAppeal appealToken={notice.appealToken} />
        </Suspense>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
        <FormError>{errors.root?.server?.message}</FormError>
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </FormField>
        <div className="grid gap-2">
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Link
            to="/auth/forgot-password"
            className="inline-flex min-h-11 items-center justify-self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? <Spinner className="size-4 text-current" label="Signing in" /> : null}
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </div>
  );
}
