// /admin/settings: maintenance mode and registration as an admin switches them, followed live by a
// visitor's /auth; the page checked with axe and photographed. Every setting is put back as found,
// since the other journeys run on the same server after this one.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs } from './api';
import { violations } from './axe';
import { admin } from './members';
import { shot, signedInPage } from './pages';

async function put(api: APIRequestContext, key: string, value: unknown) {
  const res = await api.put(`/api/admin/settings/${key}`, { data: { value } });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin turns maintenance on and off and closes registration; a visitor on /auth follows without a reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiAs(admin());
  const before = ((await (await api.get('/api/admin/settings')).json()) as { settings: { key: string; value: unknown }[] }).settings;
  const found = Object.fromEntries(before.map((s) => [s.key, s.value]));
  expect(found.maintenance_mode).toBe(false);
  try {
    const visitor = await browser.newPage();
    await visitor.goto('/auth');
    await expect(visitor.getByRole('tab', { name: 'Join Now' })).toBeVisible();

    const page = await signedInPage(browser, admin());
    await page.goto('/admin/settings');
    const access = page.getByRole('form', { name: 'Access' });
    await access.getByRole('switch', { name: 'Maintenance mode' }).click();
    await access.getByRole('button', { name: 'Save access' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Turn on maintenance mode?' });
    await expect(confirm).toContainText('Members are not signed out and can still sign in.');
    await confirm.getByRole('button', { name: 'Turn on maintenance mode' }).click();
    await expect(page.getByText('Access saved').first()).toBeVisible();

    // The visitor's page switches to the banner and Sign In only, without a reload.
    await expect(visitor.getByText('Maintenance Mode Active')).toBeVisible({ timeout: 20_000 });
    await expect(visitor.getByRole('tab', { name: 'Join Now' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect((await (await api.get('/api/system/maintenance')).json()).maintenance).toBe(true);

    // Off again: no question asked, and Join Now is back.
    await access.getByRole('switch', { name: 'Maintenance mode' }).click();
    await access.getByRole('button', { name: 'Save access' }).click();
    await expect(page.getByText('Access saved').first()).toBeVisible();
    await expect(visitor.getByRole('tab', { name: 'Join Now' })).toBeVisible({ timeout: 20_000 });
    await expect(visitor.getByText('Maintenance Mode Active')).toHaveCount(0);

    // Registration closed: Join Now says so instead of a form that would fail.
    await access.getByRole('radio', { name: /Closed/ }).check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await expect(page.getByText('Access saved').first()).toBeVisible();
    await visitor.getByRole('tab', { name: 'Join Now' }).click();
    await expect(visitor.getByText('Registration is closed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(visitor.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    const refused = await visitor.request.post('/api/register', {
      data: { username: `closed_${Date.now().toString(36)}`, email: `closed_${Date.now().toString(36)}@example.test`, password: 'tasty-plates-123' },
    });
    expect(refused.status()).toBe(403);
    await access.getByRole('radio', { name: /Open/ }).check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await expect(visitor.getByRole('button', { name: 'Create Account' })).toBeVisible({ timeout: 20_000 });
    await page.context().close();
    await visitor.close();

    // The page at a phone's and a laptop's width, light and dark: checked with axe and photographed.
    // One signed-in page, resized and switched between light and dark (the theme follows the
    // system's), rather than a sign-in per look.
    const problems: string[] = [];
    const shown = await signedInPage(browser, admin());
    for (const [size, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await shown.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await shown.emulateMedia({ colorScheme });
        await shown.goto('/admin/settings');
        await expect(shown.getByRole('form', { name: 'Uploads and limits' })).toBeVisible();
        problems.push(...(await violations(shown)).map((v) => `${size} ${colorScheme}: ${v}`));
        await shot(shown, `admin-settings-${size}-${colorScheme}`, { photos: false });
      }
    }
    await shown.context().close();
    expect(problems).toEqual([]);
  } finally {
    // As found, whatever failed above.
    for (const key of ['maintenance_mode', 'registration_mode'] as const) {
      if (found[key] !== undefined) await put(api, key, found[key]);
    }
    await api.dispose();
  }
});
