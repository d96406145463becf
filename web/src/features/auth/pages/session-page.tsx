import { useMutation, useQuery } from '@tanstack/react-query';
import { Clock, LogOut, RefreshCw, ShieldCheck, Wifi } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REALTIME } from '@plates/common';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { connectionMode } from '../../../lib/connection-mode';
import { formatFullDate } from '../../../lib/format-time';
import { restartRealtime, useRealtimeLive, useRealtimeStatus, type RealtimeStatus } from '../../../lib/realtime-events';
import { fetchSessionDetails, logoutEverywhere, type MeasuredSession } from '../api/auth-api';
import { authKeys } from '../api/keys';
import { useAuth } from '../hooks/use-auth';
import { signInPath } from '../lib/return-to';

/** Differences smaller than this are within what one round trip can tell. */
const CLOCK_TOLERANCE_MS = 1_000;

/**
 * /test-auth: a support page showing a person their own session as the app sees it: who is signed
 * in, since when and until when, whether the live connection is up (or why not), and how far this
 * device's clock is from the server's; with "Reset connection mode" and "Sign out everywhere".
 * Nothing secret: the token never reaches this page.
 */
export default function SessionPage() {
  const session = useQuery({ queryKey: authKeys.session, queryFn: fetchSessionDetails, staleTime: 0 });

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <header className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Your session</h1>
        <p className="text-muted-foreground">
          How this browser looks to Plates right now. If something is not working, support may ask what this page shows.
        </p>
      </header>
      {session.isPending ? (
        <PageSpinner />
      ) : session.isError ? (
        <ErrorPanel variant="card" title="Could not check your session" message={session.error.message} onRetry={() => void session.refetch()} />
      ) : (
        <>
          <AccountCard details={session.data} />
          <ConnectionCard signedIn={session.data.signedIn} />
          <ClockCard details={session.data} checking={session.isFetching} onCheck={() => void session.refetch()} />
          {session.data.signedIn ? <SignOutEverywhereCard otherSessions={session.data.otherSessions} /> : null}
        </>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatFullDate(value)}</time>;
}

function AccountCard({ details }: { details: MeasuredSession }) {
  const { user, session } = details;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Sign-in
        </CardTitle>
      </CardHeader>
      <CardContent>
        {user && session ? (
          <dl className="grid gap-3">
            <Row label="Signed in as">
              <span className="font-semibold">{user.displayName ?? user.username}</span>{' '}
              <span className="text-muted-foreground">@{user.username}</span>
            </Row>
            <Row label="Session started">
              <When value={session.startedAt} />
            </Row>
            <Row label="Last active">
              <When value={session.lastUsedAt} />
            </Row>
            <Row label="Expires">
              <When value={session.expiresAt} /> <span className="text-muted-foreground">({daysLeft(session.expiresAt)})</span>
            </Row>
            <Row label="Browser">{session.userAgent ?? 'Not recorded'}</Row>
            <Row label="Other sessions">
              {details.otherSessions === 0
                ? 'None: you are signed in only here'
                : `${details.otherSessions} other ${details.otherSessions === 1 ? 'browser or device' : 'browsers or devices'}`}
            </Row>
          </dl>
        ) : (
          <div className="grid justify-items-start gap-3">
            <p className="font-semibold">Not signed in</p>
            <p className="text-muted-foreground">
              {details.notSignedInReason === 'expired'
                ? 'This browser still held a sign-in, but it has expired or was ended (for example by signing out everywhere). Sign in again to go on.'
                : 'This browser holds no sign-in.'}
            </p>
            <Link to={signInPath('/test-auth')} className={buttonVariants()}>
              Sign In
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function daysLeft(expiresAt: string): string {
  const ms = Date.parse(expiresAt) - Date.now();
  if (ms <= 0) return 'expired';
  const days = Math.floor(ms / 86_400_000);
  if (days === 0) return 'today';
  return `in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** What the live connection is doing, in words, and why when it is not up. */
export function describeConnection(status: RealtimeStatus, live: boolean, httpOnly: boolean): { state: string; detail: string } {
  if (httpOnly) {
    return {
      state: 'HTTP-only mode',
      detail: `The live connection failed more than ${REALTIME.httpOnlyAfterFailures} times in a row, so this browser stopped trying. Chat and notifications still work and refresh every few seconds.`,
    };
  }
  if (!status.started) {
    return {
      state: 'Not connected',
      detail:
        status.lastProblem === 'io server disconnect'
          ? 'The server closed the live connection, for example because this session was ended elsewhere. Reload the page to try again.'
          : 'No live connection is open in this tab.',
    };
  }
  if (status.connected && live) {
    return {
      state: 'Connected',
      detail: status.transport === 'websocket' ? 'Live updates arrive at once over a WebSocket.' : 'Live updates arrive over long-polling (WebSocket is not available here).',
    };
  }
  if (status.connected) return { state: 'Connected, not answering', detail: 'The connection has not answered its last check; it will be reopened.' };
  const attempts = status.failedAttempts > 0 ? ` ${status.failedAttempts} failed ${status.failedAttempts === 1 ? 'attempt' : 'attempts'} so far.` : '';
  const problem = status.lastProblem ? ` Last problem: ${status.lastProblem}.` : '';
  return { state: 'Connecting…', detail: `Chat and notifications refresh every few seconds meanwhile.${attempts}${problem}` };
}

function ConnectionCard({ signedIn }: { signedIn: boolean }) {
  const status = useRealtimeStatus();
  const live = useRealtimeLive();
  // Stored in this browser, not observable: read again after each reset.
  const [httpOnly, setHttpOnly] = useState(connectionMode.isHttpOnly);
  const { state, detail } = describeConnection(status, live, httpOnly);

  function reset() {
    connectionMode.reset();
    setHttpOnly(false);
    restartRealtime();
    toast({ title: 'Connection mode reset', description: 'Trying the live connection again.' });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wifi className="size-5 text-primary" aria-hidden="true" />
          Live connection
        </CardTitle>
        {signedIn ? null : <CardDescription>Live updates start when you sign in.</CardDescription>}
      </CardHeader>
      {signedIn ? (
        <CardContent className="grid justify-items-start gap-3">
          <p role="status">
            <span className="font-semibold">{state}</span>
            <span className="mt-1 block text-muted-foreground">{detail}</span>
          </p>
          <Button variant="outline" onClick={reset}>
            <RefreshCw aria-hidden="true" />
            Reset connection mode
          </Button>
        </CardContent>
      ) : null}
    </Card>
  );
}

/** "1.2 s ahead of", for the clock offset (server minus device: negative means the device is ahead). */
export function describeClock(offsetMs: number): string {
  if (Math.abs(offsetMs) < CLOCK_TOLERANCE_MS) return "This device's clock agrees with the server's (within a second).";
  const seconds = Math.abs(offsetMs) / 1000;
  const amount = seconds < 120 ? `${seconds.toFixed(1)} s` : seconds < 7_200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3_600)} h`;
  return `This device's clock is ${amount} ${offsetMs < 0 ? 'ahead of' : 'behind'} the server's. Times shown in the app follow the server.`;
}

function ClockCard({ details, checking, onCheck }: { details: MeasuredSession; checking: boolean; onCheck: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-5 text-primary" aria-hidden="true" />
          Clock
        </CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3">
        <p>
          {describeClock(details.clockOffsetMs)}
          <span className="mt-1 block text-sm text-muted-foreground">
            Server time <When value={details.serverTime} />, measured over a {Math.round(details.roundTripMs)} ms round trip.
          </span>
        </p>
        <Button variant="outline" onClick={onCheck} disabled={checking}>
          <RefreshCw aria-hidden="true" className={checking ? 'animate-spin' : undefined} />
          Check again
        </Button>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard({ otherSessions }: { otherSessions: number }) {
  const { endSession } = useAuth();
  const [asking, setAsking] = useState(false);
  const signOut = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: async () => {
      await endSession();
      toast({ title: 'Signed out everywhere', description: 'Every session has ended. Sign in again to go on.' });
    },
    onError: (error) => toast({ title: 'Could not sign out everywhere', description: error.message, variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LogOut className="size-5 text-primary" aria-hidden="true" />
          Sign out everywhere
        </CardTitle>
        <CardDescription>
          Ends this session and {otherSessions === 0 ? 'any other' : `the ${otherSessions} other`} on every browser and device. Use it
          if you signed in on a device you no longer have, or think someone else has.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setAsking(true)} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          Sign out everywhere
        </Button>
      </CardContent>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Sign out everywhere?"
        description="You will be signed out of Plates on every browser and device, including this one."
        confirmLabel="Sign out everywhere"
        destructive
        onConfirm={() => signOut.mutate()}
      />
    </Card>
  );
}
