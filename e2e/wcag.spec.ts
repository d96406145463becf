// Named to run after the other journeys: the sign-in journey (auth.spec.ts) checks the empty feed a
// fresh server shows visitors, and this one adds a plate.
import { expect, test } from '@playwright/test';
import { apiAs, approvedPlate, idOf } from './api';
import { violations } from './axe';
import { createMember } from './members';
import { signedInPage } from './pages';

test('the main screens pass WCAG 2.1 AA checks (axe) in light and dark, on desktop and phone', async ({ browser, request }) => {
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
  await Promise.all([asGuest.dispose(), asCook.dispose()]);

  const screens: Array<[string, string]> = [
    ['home', '/'],
    ['plate', `/posts/${plateId}`],
    ['profile', `/profile/${cookId}`],
    ['search', '/search?q=aubergine'],
    ['leaderboard', '/leaderboard'],
    ['thread', `/chat?sessionId=${sessionId}`],
  ];
  const found: string[] = [];
  for (const [colorScheme, viewport] of [
    ['light', { width: 1280, height: 800 }],
    ['dark', { width: 390, height: 844 }],
  ] as const) {
    const anonymous = await browser.newPage({ colorScheme, viewport });
    await anonymous.goto('/auth');
    await expect(anonymous.getByRole('form', { name: 'Sign in' })).toBeVisible();
    found.push(...(await violations(anonymous)).map((v) => `${colorScheme} /auth: ${v}`));
    await anonymous.close();

    const page = await signedInPage(browser, guest, { colorScheme, viewport });
    for (const [name, path] of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (name === 'thread') await expect(page.getByRole('list', { name: 'Messages' }).getByText('Welcome! Ask me anything.')).toBeVisible();
      found.push(...(await violations(page)).map((v) => `${colorScheme} ${name}: ${v}`));
    }
    await page.context().close();
  }
  expect(found).toEqual([]);
});
