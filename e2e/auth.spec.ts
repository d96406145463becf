import { expect, test, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './mail';
import { createMember, signInUi } from './members';
import { shot, signedInPage } from './pages';

const artifacts = 'e2e/artifacts';

/**
 * Console errors a page raised. None is expected: a visitor's page says who is signed in (nobody),
 * so the app never asks GET /api/user only to log its 401.
 */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ quality: 80, path: `${artifacts}/${name}.jpg`, fullPage: true });
}

test('the sign-in page and the home layout at phone and desktop width, light and dark', async ({ browser }) => {
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await page.goto('/auth');
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Join Now' })).toBeVisible();
      // A fresh install (the admin is the only member) advertises no counters: each shows once its
      // real figure passes the spec's (10K+ plates, 5K+ members, 25K+ ratings). The figures come
      // with the page or by a request; either way they have arrived once the network is quiet.
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('Members', { exact: true })).toHaveCount(0);
      await shoot(page, `auth-${label}-${colorScheme}`);
      await page.goto('/');
      await expect(page.getByText('No posts available. Be the first to share your plate!')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
      await shoot(page, `home-${label}-${colorScheme}`);
      expect(errors, 'no console errors or CSP violations').toEqual([]);
      await context.close();
    }
  }
});

test('a session ended elsewhere costs one 401 on the next load, then none: the dead token is forgotten', async ({ page, request }) => {
  const member = await createMember(request, 'ended');
  await signInUi(page, member);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  // Ended from elsewhere (another device's sign-out of this session): the cookie goes too.
  expect((await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  const asked: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/user') asked.push(r.status());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(() => asked).toEqual([401]);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  const errors = collectConsoleErrors(page);
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(asked).toEqual([401]);
  expect(errors, 'no console errors').toEqual([]);
});

test('a visitor joins, verifies the email, signs in, switches theme and signs out', async ({ page }) => {
  const username = `e2e_${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  const password = 'tasty-plates-123';
  const consoleErrors = collectConsoleErrors(page);

  // The home feed layout is there, empty, for anonymous visitors too.
  await page.goto('/');
  await expect(page.getByText('No posts available. Be the first to share your plate!')).toBeVisible();
  await shoot(page, 'home-desktop-anonymous');

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Join Now' }).click();
  const join = page.getByRole('form', { name: 'Join Plates' });

  // Bad input gets the specification's own words.
  await join.getByLabel('Username').fill('ab');
  await join.getByLabel('Email').fill('not-an-email');
  await join.getByLabel('Password', { exact: true }).fill('123');
  await join.getByLabel('Confirm password').fill('1234');
  await join.getByRole('button', { name: 'Create Account' }).click();
  await expect(join.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(join.getByText('Please enter a valid email address')).toBeVisible();
  await expect(join.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(join.getByText("Passwords don't match")).toBeVisible();

  await join.getByLabel('Username').fill(username);
  await join.getByLabel('Email').fill(email);
  await join.getByLabel('Password', { exact: true }).fill(password);
  await join.getByLabel('Confirm password').fill(password);
  await join.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  // A taken username is refused in the specification's words.
  await page.getByRole('tab', { name: 'Join Now' }).click();
  await join.getByLabel('Username').fill(username);
  await join.getByLabel('Email').fill(`other-${email}`);
  await join.getByLabel('Password', { exact: true }).fill(password);
  await join.getByLabel('Confirm password').fill(password);
  await join.getByRole('button', { name: 'Create Account' }).click();
  await expect(join.getByText('Username already exists. Please choose a different username.')).toBeVisible();

  // Signing in before verifying shows the verification alert; a wrong password its own words.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(username);
  await signIn.getByLabel('Password').fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Invalid username or password')).toBeVisible();
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email Verification Required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();

  // The link from the real mail verifies, and the page sends the user to sign in after 3 s.
  const mail = await waitForMail(email, /Verify your email/);
  const link = linkFrom(mail, '/auth/verify-email?token=');
  expect(link.startsWith(process.env.E2E_BASE_URL!)).toBe(true);
  await page.goto(link);
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/auth', { timeout: 6_000 });

  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Username').fill(username);
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill(password);
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Login successful')).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);

  // The avatar menu: who is signed in, the theme, and signing out.
  const menu = page.getByRole('button', { name: `Account menu for ${username}` });
  await menu.click();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await shoot(page, 'home-desktop-signed-in-dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await expect(page.getByText('Logged out')).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  // Unknown paths show the 404 screen.
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  // The only errors a person's console saw are the 401s the journey provoked on purpose.
  expect(consoleErrors.filter((e) => !/status of (400|401|403)/.test(e))).toEqual([]);
});

test('forgotten password: the mailed link sets a new password', async ({ page, request }) => {
  const member = await createMember(request, 'forgetful');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('If an account with that email exists, a password reset link has been sent.')).toBeVisible();

  const mail = await waitForMail(member.email, /Reset your/);
  await page.goto(linkFrom(mail, '/auth/reset-password?token='));
  const newPassword = 'a-brand-new-password';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: /reset|set|save/i }).click();
  await page.waitForURL((url) => url.pathname === '/auth');

  const old = await request.post('/api/login', { data: { username: member.username, password: member.password } });
  expect(old.status()).toBe(401);
  const login = await request.post('/api/login', { data: { username: member.username, password: newPassword } });
  expect(login.status()).toBe(200);
});

test('/test-auth shows a member their session and live connection; Sign out everywhere ends the other browser too', async ({ browser, request }) => {
  const member = await createMember(request, 'session');
  const laptop = await signedInPage(browser, member, { viewport: { width: 1280, height: 800 } });
  const phone = await signedInPage(browser, member, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  for (const page of [laptop, phone]) {
    await page.goto('/test-auth');
    await expect(page.getByRole('heading', { name: 'Your session' })).toBeVisible();
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
    await expect(page.getByText('1 other browser or device')).toBeVisible();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText(/clock agrees with the server's/)).toBeVisible();
    expect(await page.content()).not.toContain((await page.evaluate(() => localStorage.getItem('auth_token')))!);
  }
  await shot(laptop, 'test-auth-desktop-light', { photos: false });
  await shot(phone, 'test-auth-phone-dark', { photos: false });

  await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
  await phone.getByRole('alertdialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(phone).toHaveURL(/\/auth$/);
  await expect(phone.getByText('Signed out everywhere').first()).toBeVisible();

  // The laptop's live connection was closed by the server; its next page asks and finds no session.
  await expect(laptop.getByText('Not connected', { exact: true })).toBeVisible();
  await laptop.reload();
  await expect(laptop.getByText('Not signed in')).toBeVisible();
  await expect(laptop.getByText(/has expired or was ended/)).toBeVisible();
  await laptop.context().close();
  await phone.context().close();
});
