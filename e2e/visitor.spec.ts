import { expect, test, type Browser, type Page } from '@playwright/test';
import { approvedPlate, idOf } from './api';
import { violations } from './axe';
import { linkFrom, waitForMail } from './mail';
import { createMember, type Member } from './members';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1366, height: 800 } };

/** A visitor's page (no session) that collects console errors: a visitor's pages log none. */
async function visitorPage(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const page = await (await browser.newContext(options)).newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** The sign-in prompt, open with `description`. */
async function expectPrompt(page: Page, description: string) {
  const prompt = page.getByRole('dialog', { name: 'Authentication required' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAccessibleDescription(description);
  return prompt;
}

async function signInHere(page: Page, member: Member) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(member.username);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('a visitor\'s Save opens the sign-in prompt; Sign In brings them back to the plate, where Save works', async ({ browser, request }) => {
  const cook = await createMember(request, 'promptcook');
  const taster = await createMember(request, 'prompttaster');
  const title = `Pastel de nata ${Date.now().toString(36)}`;
  const plateId = await approvedPlate(cook, { title, location: 'Lisbon' });
  const platePath = `/posts/${plateId}`;

  // The prompt at both widths in both themes: the words of the spec, Sign In and Join Now, no axe findings.
  for (const [label, options] of [['phone', phone], ['desktop', desktop]] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await visitorPage(browser, { ...options, colorScheme });
      await page.goto(platePath);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const prompt = await expectPrompt(page, 'Please log in to save this plate');
      await expect(prompt.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?returnTo=%2Fposts%2F${plateId}`);
      await expect(prompt.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', `/auth?tab=join&returnTo=%2Fposts%2F${plateId}`);
      // The pointer rests where Save was, which may be under Sign In: shot and checked at rest, not hovered.
      await page.mouse.move(1, 1);
      await page.screenshot({ quality: 80, path: `e2e/artifacts/visitor-prompt-${label}-${colorScheme}.jpg` });
      expect(await violations(page), `${label} ${colorScheme}`).toEqual([]);
      // Escape leaves the visitor where they were, focus back on Save.
      await page.keyboard.press('Escape');
      await expect(prompt).toBeHidden();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }

  // Sign In, and back on the plate, signed in: Save saves.
  const { page, errors } = await visitorPage(browser, desktop);
  await page.goto(platePath);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await (await expectPrompt(page, 'Please log in to save this plate')).getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === platePath);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await signInHere(page, taster);
  await page.waitForURL((url) => url.pathname === platePath);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: 'Authentication required' })).toHaveCount(0);
  await page.goto('/saved-posts');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the desktop Upload Plate asks a visitor to join; after joining and verifying, Sign In comes back to the page', async ({ browser }) => {
  const { page, errors } = await visitorPage(browser, desktop);
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  const upload = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' });
  await expect(upload).toBeEnabled();
  await upload.click();
  await (await expectPrompt(page, 'Please log in to upload a plate')).getByRole('link', { name: 'Join Now' }).click();
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/leaderboard');
  await expect(page.getByRole('tab', { name: 'Join Now' })).toHaveAttribute('aria-selected', 'true');

  // Join: the account is verified by mail before it may sign in; the Sign In that follows comes back.
  const username = `joiner_${Date.now().toString(36)}`;
  const member = { username, email: `${username}@example.test`, password: 'tasty-plates-123' };
  const join = page.getByRole('form', { name: 'Join Plates' });
  await join.getByLabel('Username').fill(member.username);
  await join.getByLabel('Email').fill(member.email);
  await join.getByLabel('Password', { exact: true }).fill(member.password);
  await join.getByLabel('Confirm password').fill(member.password);
  await join.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  // The mail's link opens in another tab; its Go to Sign In leads back to the page all the same.
  const link = linkFrom(await waitForMail(member.email, /Verify your email/), '/auth/verify-email?token=');
  const mailTab = await page.context().newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByText('Email verified')).toBeVisible();
  await mailTab.getByRole('link', { name: 'Go to Sign In' }).click();
  await mailTab.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/leaderboard');
  await signInHere(mailTab, member);
  await mailTab.waitForURL((url) => url.pathname === '/leaderboard');
  await mailTab.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' }).click();
  await expect(mailTab.getByRole('dialog', { name: 'Upload Your Plate' })).toBeVisible();
  // (The first tab's Sign In, its address still carrying the way back, is auth-page.test.tsx's.)
  expect(errors).toEqual([]);
});

test('a visitor\'s Follow and a signed-in page both lead to Sign In and back', async ({ browser, request }) => {
  const cook = await createMember(request, 'followcook');
  const fan = await createMember(request, 'followfan');
  await approvedPlate(cook, { title: `Bifana ${Date.now().toString(36)}` });
  const cookId = await idOf(cook);

  const { page, errors } = await visitorPage(browser, phone);
  await page.goto(`/profile/${cookId}`);
  await page.getByRole('button', { name: /^Follow / }).first().click();
  await (await expectPrompt(page, 'Please log in to follow cooks')).getByRole('link', { name: 'Sign In' }).click();
  await signInHere(page, fan);
  await page.waitForURL((url) => url.pathname === `/profile/${cookId}`);
  await page.getByRole('button', { name: /^Follow / }).first().click();
  await expect(page.getByRole('button', { name: /^Following / })).toBeVisible();

  // A page for members only, opened by a visitor, is where Sign In leads back to.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/saved-posts');
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/saved-posts');
  await signInHere(page, fan);
  await page.waitForURL((url) => url.pathname === '/saved-posts');
  await expect(page.getByRole('heading', { name: 'Your Saved Plates' })).toBeVisible();
  expect(errors).toEqual([]);
});
