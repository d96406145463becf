// /admin: the dashboard. A new member reports another (a sign-up and an open report today); the admin
// opens /admin, reads the charts, the table and the reports queue's age, switches to 7 days and
// follows the queue's link. The report is dismissed at the end, whatever happened, since the other
// journeys run on the same server after this one.
import { expect, test } from '@playwright/test';
import { apiAs, idOf } from './api';
import { violations } from './axe';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

test('an admin reads the dashboard, switches the period and follows a queue to its page', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const reporter = await createMember(request, 'dashrep');
  const reported = await createMember(request, 'dashbad');
  const asReporter = await apiAs(reporter);
  const report = await asReporter.post('/api/reports', { data: { targetType: 'user', targetId: await idOf(reported), reason: 'fake' } });
  expect(report.status(), await report.text()).toBe(201);
  const { id: reportId } = (await report.json()) as { id: number };
  await asReporter.dispose();
  const api = await apiAs(admin());
  try {
    const page = await signedInPage(browser, admin(), { viewport: SIZES.desktop });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('img', { name: /^Sign-ups per day/ })).toBeVisible({ timeout: 30_000 });
    const signUps = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sign-ups', level: 3 }) });
    await expect(signUps.getByText(/^Today/)).not.toHaveText('Today 0');
    const queue = page.getByRole('link', { name: /Open reports/ });
    await expect(queue).toContainText(/Oldest waiting (under a minute|\d+ minutes?)/);

    // The same figures as a table, and the period in the address.
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(page.getByRole('table', { name: /Daily figures/ })).toBeVisible();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/\/admin\?days=7$/);
    await expect(page.getByRole('table', { name: /Daily figures/ }).getByRole('row')).toHaveCount(1 + 7 + 2);

    await queue.click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await page.context().close();

    // At a phone's and a laptop's width, light and dark: checked with axe and photographed.
    const problems: string[] = [];
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const shown = await signedInPage(browser, admin(), { colorScheme, viewport });
        await shown.goto('/admin');
        // a loaded machine can take a while to answer the stats
        await expect(shown.getByRole('img', { name: /^Sign-ups per day/ })).toBeVisible({ timeout: 30_000 });
        problems.push(...(await violations(shown)).map((v) => `${size} ${colorScheme}: ${v}`));
        await shot(shown, `dashboard-${size}-${colorScheme}`, { photos: false });
        await shown.context().close();
      }
    }
    expect(problems).toEqual([]);
  } finally {
    const dismissed = await api.post(`/api/admin/reports/${reportId}/resolve`, { data: { action: 'dismiss', reason: 'Dashboard journey clean-up' } });
    expect(dismissed.status(), await dismissed.text()).toBe(200);
    await api.dispose();
  }
});
