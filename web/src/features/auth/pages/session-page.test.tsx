import type { SessionDetails } from '@plates/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionMode } from '../../../lib/connection-mode';
import { setRealtimeLive, setRealtimeStatus, useRealtimeRestarts } from '../../../lib/realtime-events';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import SessionPage, { describeClock, describeConnection } from './session-page';

const signedIn = (overrides: Partial<SessionDetails> = {}): SessionDetails => ({
  signedIn: true,
  notSignedInReason: null,
  user: { id: sampleUser.id, username: sampleUser.username, displayName: 'Ada Cook' },
  session: {
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    lastUsedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 29.5 * 86_400_000).toISOString(),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
  },
  otherSessions: 2,
  serverTime: new Date().toISOString(),
  ...overrides,
});

/** Shows how many times the page asked for a new socket. */
function Restarts() {
  return <span data-testid="restarts">{useRealtimeRestarts()}</span>;
}

function renderPage(details: SessionDetails, extra: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    // the server's clock when it answers, as the real one sends it
    'GET /api/auth/session': () => ({ body: { ...details, serverTime: new Date().toISOString() } }),
    ...extra,
  });
  renderWithApp(null, {
    routes: [
      {
        path: '/test-auth',
        element: (
          <>
            <SessionPage />
            <Restarts />
          </>
        ),
      },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    route: '/test-auth',
  });
  return api;
}

afterEach(() => {
  setRealtimeStatus('stopped');
  setRealtimeLive(false);
});

describe('SessionPage (/test-auth)', () => {
  it("shows the member's session and the live connection, and never a token", async () => {
    setRealtimeStatus({ started: true, connected: true, transport: 'websocket' });
    setRealtimeLive(true);
    renderPage(signedIn());
    expect(await screen.findByText('Ada Cook')).toBeInTheDocument();
    expect(screen.getByText('@' + sampleUser.username)).toBeInTheDocument();
    expect(screen.getByText('(in 29 days)')).toBeInTheDocument();
    expect(screen.getByText('2 other browsers or devices')).toBeInTheDocument();
    expect(screen.getByText('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ConnectedLive updates arrive at once over a WebSocket.');
    expect(screen.getByText("This device's clock agrees with the server's (within a second).")).toBeInTheDocument();
  });

  it('resets HTTP-only mode and asks for a new live connection', async () => {
    const user = userEvent.setup();
    connectionMode.setHttpOnly();
    renderPage(signedIn());
    await screen.findByText('Ada Cook');
    expect(screen.getByRole('status')).toHaveTextContent(/^HTTP-only mode/);
    expect(screen.getByTestId('restarts')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Reset connection mode' }));
    expect(connectionMode.isHttpOnly()).toBe(false);
    expect(screen.getByTestId('restarts')).toHaveTextContent('1');
    expect(await screen.findByText('Connection mode reset')).toBeInTheDocument();
    act(() => setRealtimeStatus({ started: true, connected: false, failedAttempts: 3, lastProblem: 'xhr poll error' }));
    expect(screen.getByText(/3 failed attempts so far\. Last problem: xhr poll error\./)).toBeInTheDocument();
  });

  it('signs out everywhere after asking, and leaves for the sign-in page', async () => {
    const user = userEvent.setup();
    const api = renderPage(signedIn(), { 'POST /api/auth/logout-everywhere': { body: { message: 'Signed out everywhere' } } });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(api.callsTo('POST', '/api/auth/logout-everywhere')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/logout-everywhere')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
  });

  it('tells a visitor whose stored sign-in no longer works, and offers Sign In back to this page', async () => {
    renderPage({ ...signedIn(), signedIn: false, notSignedInReason: 'expired', user: null, session: null, otherSessions: 0 });
    expect(await screen.findByText('Not signed in')).toBeInTheDocument();
    expect(screen.getByText(/has expired or was ended/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?returnTo=%2Ftest-auth');
    expect(screen.getByText('Live updates start when you sign in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset connection mode' })).toBeNull();
  });

  it('offers Try Again when the session cannot be checked', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderPage(signedIn(), {
      'GET /api/auth/session': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } } : { body: signedIn() };
      },
    });
    expect(await screen.findByText('Could not check your session')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByText('Ada Cook')).toBeInTheDocument());
  });
});

describe('describeClock', () => {
  it('reads the offset as ahead or behind, beyond what a round trip can tell', () => {
    expect(describeClock(400)).toMatch(/agrees/);
    expect(describeClock(-2_400)).toMatch(/is 2\.4 s ahead of the server's/);
    expect(describeClock(300_000)).toMatch(/is 5 min behind the server's/);
    expect(describeClock(-3 * 3_600_000)).toMatch(/is 3 h ahead of/);
  });
});

describe('describeConnection', () => {
  const base = { started: true, connected: true, transport: 'polling', failedAttempts: 0, lastProblem: null };
  it('names long-polling, a silent connection and no socket', () => {
    expect(describeConnection(base, true, false).detail).toMatch(/long-polling/);
    expect(describeConnection(base, false, false).state).toBe('Connected, not answering');
    expect(describeConnection({ ...base, started: false, connected: false }, false, false).state).toBe('Not connected');
    expect(describeConnection({ ...base, started: false, connected: false, lastProblem: 'io server disconnect' }, false, false).detail).toMatch(/server closed/);
  });
});
