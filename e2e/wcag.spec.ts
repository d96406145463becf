// Named to run after the other journeys: the sign-in journey (auth.spec.ts) checks the empty feed a
// fresh server shows visitors, and this one adds a plate.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, approvedPlate, idOf } from './api';
import { createMember } from './members';
import { shot, signedInPage } from './pages';

// axe-core's engine, evaluated in the page (DevTools evaluation is not inline script, so the
// strict Content-Security-Policy stays on while it runs).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * WCAG 2.1 A and AA as axe checks them, serious and critical findings only. Left out on purpose:
 * label-content-name-mismatch, which reads deliberate names as mismatches ("People (1)" for a tab
 * showing "People 1", "Account menu for …" for the avatar showing initials).
 */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: false } },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the main screens pass WCAG 2.1 AA checks (axe) in light and dark, on desktop and phone, and are photographed', async ({ browser, request }) => {
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
  // Each screen at a phone's and a laptop's width, light and dark: checked, and photographed into
  // e2e/artifacts/screen-<name>-<phone|desktop>-<light|dark>.png for the eye.
  for (const [size, viewport] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const where = `${size} ${colorScheme}`;
      const anonymous = await browser.newPage({ colorScheme, viewport });
      await anonymous.goto('/auth');
      await expect(anonymous.getByRole('form', { name: 'Sign in' })).toBeVisible();
      found.push(...(await violations(anonymous)).map((v) => `${where} /auth: ${v}`));
      await shot(anonymous, `screen-auth-${size}-${colorScheme}`, { photos: false });
      await anonymous.close();

      const page = await signedInPage(browser, guest, { colorScheme, viewport });
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (name === 'thread') await expect(page.getByRole('list', { name: 'Messages' }).getByText('Welcome! Ask me anything.')).toBeVisible();
        found.push(...(await violations(page)).map((v) => `${where} ${name}: ${v}`));
        await shot(page, `screen-${name}-${size}-${colorScheme}`, { photos: !withoutPhotos.has(name) });
      }
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications,/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      found.push(...(await violations(page)).map((v) => `${where} notifications: ${v}`));
      await shot(page, `screen-notifications-${size}-${colorScheme}`, { photos: false });
      await page.context().close();
    }
  }
  expect(found).toEqual([]);
});
