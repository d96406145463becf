// /admin/system: an admin follows the spec's old address /admin/performance to the Performance tab
// and sees the server's own per-route latency and the health of what it stands on; Analytics from
// the tab. The page checked with axe and photographed at a phone's and a laptop's width, light and dark.
import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { admin } from './members';
import { shot, signedInPage } from './pages';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test('an admin opens /admin/performance and lands on the Performance tab of /admin/system, with routes and health', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, admin(), { colorScheme: 'light', viewport: DESKTOP });
  await page.goto('/admin/performance');
  await expect(page).toHaveURL(/\/admin\/system\?tab=performance$/);
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Performance', selected: true })).toBeVisible();

  // The requests this browser just made (signing in, opening the page) are measured by route pattern.
  const routes = page.getByRole('region', { name: 'Latency by route' });
  await expect(routes.getByRole('rowheader', { name: 'GET /api/user', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await expect(page.getByText('Healthy').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Instances \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('Version', { exact: true }).first()).toBeVisible();

  // Sorting by requests puts the busiest first.
  await routes.getByRole('button', { name: /Requests/ }).click();
  await expect(routes.getByRole('columnheader', { name: /Requests/ })).toHaveAttribute('aria-sort', 'descending');

  // The other tab, and the other old address; the menu shows where we are.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/system\?tab=analytics$/);
  await expect(page.getByText('Requests (last hour)')).toBeVisible();
  await page.goto('/admin/analytics');
  await expect(page).toHaveURL(/\/admin\/system\?tab=analytics$/);
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top routes by volume' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System', exact: true })).toHaveAttribute('aria-current', 'page');

  // Both tabs at a laptop's and a phone's width, light and dark, photographed; axe checks the
  // laptop in light on Performance and the phone in dark on Analytics (it is the slow part).
  const problems: string[] = [];
  const dark = await signedInPage(browser, admin(), { colorScheme: 'dark', viewport: DESKTOP });
  for (const [scheme, shown] of [['light', page], ['dark', dark]] as const) {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await shown.setViewportSize(viewport);
      await shown.goto('/admin/system?tab=analytics');
      for (const tab of ['analytics', 'performance'] as const) {
        await shown.getByRole('tab', { name: tab === 'analytics' ? 'Analytics' : 'Performance' }).click();
        await expect(shown.getByRole('region', { name: tab === 'analytics' ? 'Top routes by volume' : 'Latency by route' })).toBeVisible();
        await shot(shown, `admin-system-${tab}-${size}-${scheme}`, { photos: false });
        const checked = scheme === 'light' ? size === 'desktop' && tab === 'performance' : size === 'phone' && tab === 'analytics';
        if (checked) problems.push(...(await violations(shown)).map((v) => `${tab} ${size} ${scheme}: ${v}`));
      }
    }
  }
  await page.context().close();
  await dark.context().close();
  expect(problems).toEqual([]);
});
