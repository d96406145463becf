// A member asks for their data in Settings; the export is built in the background and mailed;
// the mail's link downloads the zip for the signed-in member only (a visitor holding it gets 401);
// the Settings button downloads it too; an admin sees it in the "Data requests" tab of
// /admin/users. Both screens checked with axe and photographed at a phone's and a desktop's width,
// light and dark. The export is deleted at the end (its file would otherwise wait seven days).
import { expect, request, test } from '@playwright/test';
import { approvedPlate, idOf } from './api';
import { violations } from './axe';
import { linkFrom, waitForMail } from './mail';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

test('a member requests their data, downloads the zip from the mail link and Settings, and an admin sees it in the queue', async ({ browser }) => {
  test.setTimeout(180_000);
  const anonymous = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const member = await createMember(anonymous, 'datacook');
  const memberId = await idOf(member);
  await approvedPlate(member, { title: 'Export soup', description: 'A plate to export' });

  const page = await signedInPage(browser, member, { viewport: SIZES[0][1] });
  await page.goto(`/profile/${memberId}?tab=settings`);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByText('You have not asked for your data yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Request my data' }).click();
  // Waiting or building, then (polled) ready.
  await expect(section.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('button', { name: 'Request my data' })).toBeVisible();

  // The mail's link opens the app's page: a signed-out member signs in and comes back to it, then
  // downloads through the link's own address (the zip for the owner, a 401 for anyone else).
  const mail = await waitForMail(member.email, /data export is ready/);
  const pageLink = new URL(linkFrom(mail, '/data-export/')).pathname;
  const link = pageLink.replace('/data-export/', '/api/data-exports/');
  const fromMail = await browser.newPage({ viewport: SIZES[0][1] });
  await fromMail.goto(pageLink);
  await expect(fromMail).toHaveURL(/\/auth\?returnTo=/);
  const signIn = fromMail.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(member.username);
  await signIn.getByLabel('Password').fill(member.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(fromMail).toHaveURL(new RegExp(`${pageLink}$`));
  await expect(fromMail.getByRole('heading', { name: 'Your data export' })).toBeVisible();
  const [fromLink] = await Promise.all([fromMail.waitForEvent('download'), fromMail.getByRole('link', { name: 'Download' }).click()]);
  expect(fromLink.suggestedFilename()).toMatch(new RegExp(`^plates-data-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  await fromMail.mouse.move(0, 0);
  expect(await violations(fromMail), 'the mail link page').toEqual([]);
  await shot(fromMail, 'data-export-link-desktop-light', { photos: false });
  await fromMail.context().close();
  const visitor = await anonymous.get(link);
  expect(visitor.status()).toBe(401);
  expect(((await visitor.json()) as { message: string }).message).toMatch(/Sign in as the account that asked for this export/);
  const zip = await page.request.get(link);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect(zip.headers()['content-disposition']).toMatch(new RegExp(`attachment; filename="plates-data-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`));
  const bytes = await zip.body();
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  for (const name of ['README.txt', 'profile.json', 'plates.json', 'ratings.json', 'comments.json', 'messages.json', 'follows.json', '.webp']) {
    expect(bytes.includes(Buffer.from(name)), name).toBe(true);
  }

  // The Settings button downloads the same file.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^plates-data-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));

  // The admin's queue on /admin/users shows it.
  const staff = await signedInPage(browser, admin(), { viewport: SIZES[0][1] });
  await staff.goto('/admin/users?tab=data');
  await expect(staff.getByRole('tab', { name: 'Data requests', selected: true })).toBeVisible();
  const row = staff.getByRole('listitem', { name: `Data request of @${member.username}` });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('Expires');

  // Four looks of each screen: axe clean, photographed.
  const problems: string[] = [];
  for (const [size, viewport] of SIZES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(`/profile/${memberId}?tab=settings`);
      await expect(section.getByText('Ready', { exact: true })).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      problems.push(...(await violations(page)).map((v) => `settings ${size} ${colorScheme}: ${v}`));
      await shot(page, `data-export-settings-${size}-${colorScheme}`, { photos: false });

      await staff.setViewportSize(viewport);
      await staff.emulateMedia({ colorScheme });
      await staff.goto('/admin/users?tab=data');
      await expect(row).toBeVisible();
      problems.push(...(await violations(staff)).map((v) => `admin ${size} ${colorScheme}: ${v}`));
      await shot(staff, `data-export-admin-${size}-${colorScheme}`, { photos: false });
    }
  }
  expect(problems).toEqual([]);

  // Deleted by the member: the link stops working.
  await page.setViewportSize(SIZES[0][1]);
  await section.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this export?' }).getByRole('button', { name: 'Delete export' }).click();
  await expect(section.getByText(/You deleted your last export/)).toBeVisible();
  expect((await page.request.get(link)).status()).toBe(404);

  await staff.context().close();
  await page.context().close();
  await anonymous.dispose();
});
