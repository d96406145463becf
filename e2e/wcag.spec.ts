// Named to run after the other journeys: the sign-in journey (auth.spec.ts) checks the empty feed a
// fresh server shows visitors, and this one adds a plate.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, approvedPlate, idOf } from './api';
import { violations } from './axe';
import { createMember } from './members';
import { shot, signedInPage } from './pages';

test('the main screens pass WCAG 2.1 AA checks (axe) in light and dark, on desktop and phone, and are photographed in each', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const cook = await createMember(request, 'axecook');
  const guest = await createMember(request, 'axeguest');
  const plateId = await approvedPlate(cook, { title: 'Accessible aubergine', description: 'Roasted, with tahini.', location: 'Lisbon' });
  const cookId = await idOf(cook);
  // A conversation with a message, so the thread has something to check.
  const asGuest = await apiAs(guest);
  const asked = await asGuest.post('/api/simple-chat/request', { data: { receiverId: cookId, message: 'Hello!' } });
  expect(asked.status()).toBe(201);
  const asCook = await apiAs(cook);
  const accepted = await asCook.post(`/api/simple-chat/accept/${((await asked.json()) as { id: number }).id}`);
  const sessionId = ((await accepted.json()) as { session: { id: number } }).session.id;
  await asCook.post(`/api/simple-chat/conversations/${sessionId}/messages`, { data: { content: 'Welcome! Ask me anything.' } });
  // A saved and rated plate, so the saved grid and top rated have one.
  expect((await asGuest.post(`/api/posts/${plateId}/saves`)).status()).toBeLessThan(300);
  expect((await asGuest.post(`/api/posts/${plateId}/rate`, { data: { rating: 5 } })).status()).toBe(200);
  await Promise.all([asGuest.dispose(), asCook.dispose()]);

  const screens: Array<[string, string]> = [
    ['home', '/'],
    ['plate', `/posts/${plateId}`],
    ['profile', `/profile/${cookId}`],
    ['saved', '/saved-posts'],
    ['location', '/location/Lisbon'],
    ['top-rated', '/top-rated'],
    ['search', '/search?q=aubergine'],
    ['leaderboard', '/leaderboard'],
    ['thread', `/chat?sessionId=${sessionId}`],
  ];
  const withoutPhotos = new Set(['leaderboard', 'thread']);
  const found: string[] = [];
  // Each screen at a phone's and a laptop's width, light and dark, photographed into
  // e2e/artifacts/screen-<name>-<phone|desktop>-<light|dark>.jpg for the eye; axe checks the
  // laptop in light and the phone in dark, so each width and each theme is checked once (a full
  // axe pass per screen costs seconds, and CI has a time budget).
  for (const [size, viewport] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const where = `${size} ${colorScheme}`;
      const checked = (size === 'desktop') === (colorScheme === 'light');
      const check = async (page: Page, name: string) => {
        if (checked) found.push(...(await violations(page)).map((v) => `${where} ${name}: ${v}`));
      };
      const anonymous = await browser.newPage({ colorScheme, viewport });
      await anonymous.goto('/auth');
      await expect(anonymous.getByRole('form', { name: 'Sign in' })).toBeVisible();
      await check(anonymous, '/auth');
      await shot(anonymous, `screen-auth-${size}-${colorScheme}`, { photos: false });
      await anonymous.close();

      const page = await signedInPage(browser, guest, { colorScheme, viewport });
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (name === 'thread') await expect(page.getByRole('list', { name: 'Messages' }).getByText('Welcome! Ask me anything.')).toBeVisible();
        await check(page, name);
        await shot(page, `screen-${name}-${size}-${colorScheme}`, { photos: !withoutPhotos.has(name) });
      }
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications,/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(page, 'notifications');
      await shot(page, `screen-notifications-${size}-${colorScheme}`, { photos: false });
      await page.context().close();
    }
  }
  expect(found).toEqual([]);
});
