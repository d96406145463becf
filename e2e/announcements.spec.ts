// Runs before the other journeys (by name): everything it writes is deleted at its end, so their
// home pages and screenshots show no banner.
import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { violations } from './axe';
import { admin, createMember, signInUi } from './members';
import { shot, signedInPage } from './pages';

const TITLE = `Kitchen closes early ${Date.now().toString(36)}`;
const CONTENT = 'The site is down for maintenance tonight from 22:00 to 23:00.\nSave your drafts before then.';
const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;

/** Deletes what this journey wrote, whatever happened (other journeys run on this server after it). */
test.afterAll(async () => {
  const api = await apiAs(admin());
  const list = (await (await api.get('/api/admin/announcements')).json()) as { announcements: { id: number; title: string }[] };
  for (const a of list.announcements.filter((x) => x.title === TITLE)) {
    expect((await api.delete(`/api/admin/announcements/${a.id}`)).status()).toBe(204);
  }
  await api.dispose();
});

test('an alert announcement reaches an open home page at once, stays dismissed after a reload, and shows to visitors', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const member = await createMember(request, 'anncook');

  // The member's home page is open and live before the announcement exists.
  const memberContext = await browser.newContext({ viewport: SIZES.desktop });
  const memberPage = await memberContext.newPage();
  // Socket.IO connects over HTTP first and upgrades to a websocket once it is in (and in its room).
  const live = memberPage.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io'), timeout: 20_000 });
  await signInUi(memberPage, member);
  await live;
  const banner = memberPage.getByRole('region', { name: 'Announcements' });
  await expect(banner).toBeHidden();

  // The admin writes it on /admin/announcements.
  const adminPage = await signedInPage(browser, admin(), { viewport: SIZES.desktop });
  await adminPage.goto('/admin/announcements');
  await expect(adminPage.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await adminPage.getByRole('button', { name: 'New announcement' }).first().click();
  const form = adminPage.getByRole('form', { name: 'New announcement' });
  expect(await violations(adminPage), 'the new announcement dialog').toEqual([]);
  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Content').fill(CONTENT);
  await form.getByLabel('Type').selectOption('warning');
  await form.getByLabel(/Pinned/).check();
  await form.getByLabel(/Alert signed-in members now/).check();
  await shot(adminPage, 'announcements-dialog-desktop-light', { photos: false });
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form).toBeHidden();
  const row = adminPage.getByRole('list', { name: 'Announcements' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Alert');

  // Pushed: the member's open page shows it without a reload (it would ask again only in minutes).
  await expect(banner.getByRole('heading', { name: new RegExp(TITLE) })).toBeVisible({ timeout: 10_000 });
  await expect(banner).toContainText('Save your drafts before then.');
  expect(await violations(memberPage)).toEqual([]);

  // Dismissed, and still gone after a reload.
  await banner.getByRole('button', { name: `Dismiss “${TITLE}”` }).click();
  await expect(memberPage.getByRole('heading', { name: new RegExp(TITLE) })).toBeHidden();
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await memberPage.waitForLoadState('networkidle');
  await expect(memberPage.getByRole('heading', { name: new RegExp(TITLE) })).toBeHidden();
  await memberContext.close();

  // Visitors see an announcement to everyone, light and dark, on a phone and a desktop (axe clean);
  // the admin page is photographed alike.
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await browser.newPage({ colorScheme, viewport });
      await visitor.goto('/');
      const shown = visitor.getByRole('region', { name: 'Announcements' });
      await expect(shown.getByRole('heading', { name: new RegExp(TITLE) })).toBeVisible();
      expect(await violations(visitor), `${size} ${colorScheme}`).toEqual([]);
      await shot(visitor, `announcements-${size}-${colorScheme}`, { photos: false });
      await visitor.close();

      await adminPage.setViewportSize(viewport);
      await adminPage.emulateMedia({ colorScheme });
      await adminPage.reload();
      await expect(adminPage.getByRole('list', { name: 'Announcements' })).toContainText(TITLE);
      expect(await violations(adminPage), `admin ${size} ${colorScheme}`).toEqual([]);
      await shot(adminPage, `announcements-admin-${size}-${colorScheme}`, { photos: false });
    }
  }

  // A visitor's dismissal (by keyboard) lasts the tab's session.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByRole('button', { name: `Dismiss “${TITLE}”` }).focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('region', { name: 'Announcements' })).toBeHidden();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  await expect(visitor.getByRole('heading', { name: new RegExp(TITLE) })).toBeHidden();
  await visitor.close();

  // Switched off on the admin page: nobody sees it any more.
  await adminPage.getByRole('switch', { name: `${TITLE} active` }).click();
  await expect(adminPage.getByRole('list', { name: 'Announcements' }).getByRole('listitem').filter({ hasText: TITLE })).toContainText('Inactive');
  const anonymous = await request.get('/api/announcements');
  expect(((await anonymous.json()) as { announcements: { title: string }[] }).announcements.map((a) => a.title)).not.toContain(TITLE);
  await adminPage.context().close();
});
