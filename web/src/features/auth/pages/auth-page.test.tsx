import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SETTINGS_MESSAGES, SUSPENSION_APPEAL_LINE } from '@plates/common';
import { describe, expect, it } from 'vitest';
import { makeStrike } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import AuthPage from './auth-page';

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/auth') {
  const api = stubFetch({
    'GET /api/user': signedOut,
    'GET /api/system/maintenance': { body: { maintenance: false } },
    'GET /api/stats/community': { body: { posts: 10_500, users: 5_000, ratings: 25_001 } },
    ...routes,
  });
  const view = renderWithApp(null, {
    route,
    routes: [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/posts/:postId', element: <p>Plate page</p> },
    ],
  });
  return { api, ...view };
}

const location = () => screen.getByTestId('location').textContent;

/** Fills the Join form with a good email and password and submits it. */
async function join(user: ReturnType<typeof userEvent.setup>, username: string, displayName: string) {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText(/Display name/), displayName);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('AuthPage: Sign In', () => {
  it('shows the validation messages of the spec and sends nothing', async () => {
    const { api } = setup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('signs in: stores the token and userId, toasts and goes home', async () => {
    const { api } = setup({ 'POST /api/login': { body: { token: 'tok-1', user: sampleUser } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/login')[0]!.body).toEqual({ username: 'chef_ana', password: 'secret1' });
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ana Cook!')).toBeInTheDocument();
  });

  it('says "Invalid username or password" on 401', async () => {
    setup({
      'POST /api/login': { status: 401, body: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByText('Invalid username or password');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(location()).toBe('/auth');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('says "Too many login attempts" on 429', async () => {
    setup({ 'POST /api/login': { status: 429, body: { message: 'Too many login attempts. Please try again later.', code: 'RATE_LIMITED' } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many login attempts. Please try again later.')).toBeInTheDocument();
  });

  it('on ACCOUNT_SUSPENDED shows the server\'s words (reason and end) in the form, and clears them on the next try', async () => {
    let answer = {
      status: 403,
      body: { message: 'Your account is suspended until 3 Dec 2026. Reason: Harassment in chat', code: 'ACCOUNT_SUSPENDED' },
    };
    setup({ 'POST /api/login': () => answer });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Account suspended');
    // no pass in the answer (not the right password): nothing to appeal with
    expect(within(alert).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
    expect(alert).toHaveTextContent('Your account is suspended until 3 Dec 2026. Reason: Harassment in chat');
    expect(location()).toBe('/auth');
    expect(localStorage.getItem('auth_token')).toBeNull();

    answer = { status: 401, body: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' } };
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.queryByText('Account suspended')).not.toBeInTheDocument();
  });

  it('on ACCOUNT_AWAITING_APPROVAL says the account waits for a moderator, not a generic failure', async () => {
    setup({ 'POST /api/login': { status: 403, body: { message: MESSAGES.accountAwaitingApproval, code: 'ACCOUNT_AWAITING_APPROVAL' } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'new_cook');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Waiting for approval');
    expect(alert).toHaveTextContent("Your account is waiting for a moderator's approval.");
    expect(screen.queryByText('Login failed. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByText("You don't have permission to perform this action.")).not.toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('on ACCOUNT_SUSPENDED with an appeal pass, Appeal opens the strikes and sends the appeal with the pass', async () => {
    const suspension = makeStrike({
      id: 77,
      type: 'suspend',
      reason: 'Harassment in chat',
      notice: `Your account is suspended until 3 Dec 2026. Reason: Harassment in chat ${SUSPENSION_APPEAL_LINE}`,
      expiresAt: '2026-12-03T10:00:00.000Z',
    });
    const { api } = setup({
      'POST /api/login': {
        status: 403,
        body: { message: 'Your account is suspended until 3 Dec 2026. Reason: Harassment in chat', code: 'ACCOUNT_SUSPENDED', appealToken: 'pass-123' },
      },
      'GET /api/user/strikes': { body: { strikes: [suspension] } },
      'POST /api/user/strikes/77/appeal': {
        body: { ...suspension, canAppeal: false, appeal: { text: 'It was a misunderstanding with a friend.', status: 'pending', appealedAt: '2026-03-02T10:00:00.000Z', decidedAt: null, decisionReason: null } },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is suspended until 3 Dec 2026. Reason: Harassment in chat');
    expect(api.callsTo('GET', '/api/user/strikes')).toHaveLength(0);

    await user.click(within(alert).getByRole('button', { name: 'Appeal' }));
    const panel = await screen.findByRole('region', { name: 'Appeal your suspension' });
    const strikes = await within(panel).findByRole('list', { name: 'Your strikes' });
    expect(strikes).toHaveTextContent('Suspension');
    expect(strikes).toHaveTextContent('Harassment in chat');
    expect(api.callsTo('GET', '/api/user/strikes')[0]!.headers.get('Authorization')).toBe('Appeal pass-123');

    await user.click(within(strikes).getByRole('button', { name: 'Appeal' }));
    await user.type(within(panel).getByLabelText('Why should a moderator look again?'), 'It was a misunderstanding with a friend.');
    await user.click(within(panel).getByRole('button', { name: 'Send appeal' }));
    expect(await within(panel).findByText('Appeal pending')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/api/user/strikes/77/appeal');
    expect(sent!.headers.get('Authorization')).toBe('Appeal pass-123');
    expect(sent!.body).toEqual({ text: 'It was a misunderstanding with a friend.' });
    expect(within(panel).queryByRole('button', { name: 'Send appeal' })).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(location()).toBe('/auth');
  });

  it('on EMAIL_NOT_VERIFIED shows the alert and resends to the typed email', async () => {
    const serverMessage =
      'Please verify your email address before logging in. Check your inbox for the verification link.';
    const { api } = setup({
      'POST /api/login': { status: 403, body: { message: serverMessage, code: 'EMAIL_NOT_VERIFIED' } },
      'POST /api/auth/request-verification': {
        body: { message: 'If an account with that email exists and is not yet verified, a verification email has been sent.' },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'new_cook');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = (await screen.findByText('Email Verification Required')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(serverMessage)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Resend Verification Email' }));
    const email = within(alert).getByLabelText(/email address/i);
    await user.type(email, 'not-an-email');
    await user.click(within(alert).getByRole('button', { name: 'Send verification email' }));
    expect(await within(alert).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/request-verification')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'cook@example.com');
    await user.click(within(alert).getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/request-verification')[0]!.body).toEqual({ email: 'cook@example.com' });
  });

  it('toasts "Failed to send email" when the resend fails', async () => {
    setup({
      'POST /api/login': { status: 403, body: { message: 'Please verify your email address before logging in.', code: 'EMAIL_NOT_VERIFIED' } },
      'POST /api/auth/request-verification': { status: 429, body: { message: 'Too many email requests. Please try again later.', code: 'RATE_LIMITED' } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'new_cook');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    await user.type(screen.getByLabelText(/email address/i), 'cook@example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
  });

  it('links to the forgot-password page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('redirects a signed-in user to /', async () => {
    setup({ 'GET /api/user': { body: sampleUser } });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});

describe('AuthPage: Join Now', () => {
  async function openJoin() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Join Now' }));
    return user;
  }

  it('shows the validation messages of the spec', async () => {
    const { api } = setup();
    const user = await openJoin();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('registers without confirmPassword, toasts and switches to Sign In with the username', async () => {
    const { api } = setup({
      'POST /api/register': { status: 201, body: { message: 'Registration successful', user: sampleUser } },
    });
    const user = await openJoin();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(screen.getByText('Please check your email and verify your account before logging in.')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/register')[0]!.body as Record<string, unknown>;
    expect(sent).toEqual({ username: 'chef_ana', email: 'ana@example.com', password: 'secret1' });
    expect(sent).not.toHaveProperty('confirmPassword');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Username')).toHaveValue('chef_ana');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('tells a member whose sign-up awaits approval that a moderator will review it', async () => {
    setup({
      'POST /api/register': {
        status: 201,
        body: { message: MESSAGES.registeredAwaitingApproval, user: sampleUser, awaitingApproval: true },
      },
    });
    const user = await openJoin();
    await join(user, 'chef_ana', 'Ana');
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Please check your email and verify your account. A moderator will also review it before you can sign in; we will email you.'),
    ).toBeInTheDocument();
  });

  it('puts "Username already exists" on the username field', async () => {
    setup({
      'POST /api/register': {
        status: 400,
        body: { message: 'Username already exists', code: 'ALREADY_EXISTS', field: 'username' },
      },
    });
    const user = await openJoin();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Username already exists. Please choose a different username.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses names reserved for the team before sending, with the server\'s words', async () => {
    const { api } = setup();
    const user = await openJoin();
    await join(user, 'Admin', 'Plates Team ✔️');
    expect(await screen.findByText(MESSAGES.usernameReserved)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.displayNameReserved)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Display name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('sends the display name without badge symbols, and shows the server\'s look-alike refusal on the field', async () => {
    const { api } = setup({
      'POST /api/register': { status: 400, body: { message: MESSAGES.displayNameReserved, code: 'VALIDATION_ERROR', field: 'displayName' } },
    });
    const user = await openJoin();
    await join(user, 'chef_ana', 'Аna ✔️');
    expect(await screen.findByText(MESSAGES.displayNameReserved)).toBeInTheDocument();
    expect(screen.getByLabelText(/Display name/)).toHaveAttribute('aria-invalid', 'true');
    expect((api.callsTo('POST', '/api/register')[0]!.body as { displayName: string }).displayName).toBe('Аna');
  });

  it('puts other field errors on their field and explains 429', async () => {
    let calls = 0;
    setup({
      'POST /api/register': () =>
        ++calls === 1
          ? { status: 400, body: { message: 'An account with this email already exists', code: 'ALREADY_EXISTS', field: 'email' } }
          : { status: 429, body: { message: 'Too many registration attempts. Please try again later.', code: 'RATE_LIMITED' } },
    });
    const user = await openJoin();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Too many registration attempts. Please try again later.')).toBeInTheDocument();
  });
});

describe('AuthPage: the way back', () => {
  async function signIn() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'chef_ana');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return user;
  }
  const signedIn = { 'POST /api/login': { body: { token: 'tok-1', user: sampleUser } } };

  it('sends a member back to the page in ?returnTo= once signed in', async () => {
    setup(signedIn, `/auth?returnTo=${encodeURIComponent('/posts/12?from=feed#comments')}`);
    await signIn();
    expect(await screen.findByText('Plate page')).toBeInTheDocument();
    expect(location()).toBe('/posts/12?from=feed');
    expect(screen.getByText('Login successful')).toBeInTheDocument();
  });

  it.each([['//evil.example/posts/1'], ['https://evil.example/'], ['/\\evil.example'], ['/auth']])(
    'goes home instead of to %s',
    async (returnTo) => {
      setup(signedIn, `/auth?returnTo=${encodeURIComponent(returnTo)}`);
      await signIn();
      expect(await screen.findByText('Home page')).toBeInTheDocument();
      expect(location()).toBe('/');
    },
  );

  it('opens on Join Now for ?tab=join and keeps the way back for the Sign In after joining', async () => {
    setup(
      { ...signedIn, 'POST /api/register': { status: 201, body: { message: 'Registration successful', user: sampleUser } } },
      '/auth?tab=join&returnTo=%2Fposts%2F12',
    );
    expect(screen.getByRole('tab', { name: 'Join Now' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await join(user, 'chef_ana', 'Ana');
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    // kept for the verification page's Go to Sign In too (verify-email-page.test.tsx)
    expect(localStorage.getItem('returnAfterJoin')).toBe('/posts/12');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Plate page')).toBeInTheDocument();
    expect(location()).toBe('/posts/12');
  });

  it('sends an already signed-in member straight on to ?returnTo=', async () => {
    setup({ 'GET /api/user': { body: sampleUser } }, '/auth?returnTo=%2Fposts%2F3');
    expect(await screen.findByText('Plate page')).toBeInTheDocument();
    expect(location()).toBe('/posts/3');
  });
});

describe('AuthPage: maintenance and counters', () => {
  it('in maintenance shows only Sign In and the banner', async () => {
    setup({ 'GET /api/system/maintenance': { body: { maintenance: true } } });
    expect(await screen.findByText('Maintenance Mode Active')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Join Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Join Now')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('with registration closed, Join Now says so instead of a form that would fail', async () => {
    const { api } = setup({ 'GET /api/system/maintenance': { body: { maintenance: false, registration: 'closed' } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Join Now' }));
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_MESSAGES.registrationClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('treats a failing maintenance call as open', async () => {
    setup({ 'GET /api/system/maintenance': { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } } });
    expect(await screen.findByRole('tab', { name: 'Join Now' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Maintenance Mode Active')).not.toBeInTheDocument());
  });

  it('shows the real community numbers, formatted', async () => {
    setup();
    expect(await screen.findByText('10K+')).toBeInTheDocument();
    expect(screen.getByText('5K')).toBeInTheDocument();
    expect(screen.getByText('25K+')).toBeInTheDocument();
    expect(screen.getByText('Plates', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Members', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Ratings', { selector: 'dt' })).toBeInTheDocument();
  });

  it('shows a counter only once its real figure passes the spec\'s, and none on a fresh install', async () => {
    setup({ 'GET /api/stats/community': { body: { posts: 12_000, users: 4_999, ratings: 30_000 } } });
    expect(await screen.findByText('12K')).toBeInTheDocument();
    expect(screen.getByText('30K')).toBeInTheDocument();
    expect(screen.queryByText('Members', { selector: 'dt' })).not.toBeInTheDocument();
    cleanup();
    const fresh = setup({ 'GET /api/stats/community': { body: { posts: 0, users: 0, ratings: 0 } } });
    await waitFor(() => expect(fresh.api.callsTo('GET', '/api/stats/community')).toHaveLength(1));
    await waitFor(() => expect(fresh.queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('Plates', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('names the photo analysis for what it does, no longer as coming soon', () => {
    setup();
    const item = screen.getByText('Photo Analysis').closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Instant photo analysis: a quality score with tips before you post.');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.queryByText('AI Ratings')).not.toBeInTheDocument();
  });
});
