// /admin/bulk-ops: an admin selects a test cook's pending plates by author and status, previews
// them, rejects the three in one batch (the cook is told once), then undoes the batch and the plates
// are pending again; the page checked with axe and photographed at a phone's and a laptop's width,
// light and dark.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { fourLooks } from './axe';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const photo = readFileSync(path.join(import.meta.dirname, 'fixtures', 'coffee.jpg'));

test('an admin rejects a cook’s pending plates in one batch after a preview, then undoes it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const cook = await createMember(request, 'bulkcook');
  const mine = await apiAs(cook);
  const ids: number[] = [];
  for (const title of ['Blurry soup', 'Blurry salad', 'Blurry cake']) {
    const created = await mine.post('/api/posts', { multipart: { title, image: { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: photo } } });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  const staff = await apiAs(admin());
  const statuses = async () => {
    const answers = await Promise.all(ids.map(async (id) => ((await (await staff.get(`/api/posts/${id}`)).json()) as { approvalStatus: string }).approvalStatus));
    return answers;
  };
  expect(await statuses()).toEqual(['pending', 'pending', 'pending']);

  const page = await signedInPage(browser, admin(), { viewport: { width: 1280, height: 800 } });
  await page.goto('/admin/bulk-ops');
  await expect(page.getByRole('heading', { name: 'Bulk Operations', level: 1 })).toBeVisible();
  await page.getByLabel('Action').selectOption('reject');
  await page.getByLabel('Author (username)').fill(cook.username);
  await page.getByLabel('Approval status').selectOption('pending');
  await page.getByLabel('Reason (the members are told)').fill('The photos are too blurry to judge');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 plates would change:' })).toBeVisible();
  const sample = page.getByRole('list', { name: 'Sample' });
  await expect(sample.getByRole('listitem')).toHaveCount(3);
  await expect(sample).toContainText('Blurry soup');
  await expect(sample.getByRole('listitem').first()).toContainText('pending → rejected');
  // The dry run changed nothing.
  expect(await statuses()).toEqual(['pending', 'pending', 'pending']);

  // The page with its preview at a laptop's and a phone's width, light and dark: axe and photographs.
  const problems = await fourLooks(
    page,
    'bulk-ops',
    () => page.getByRole('list', { name: 'Sample' }).scrollIntoViewIfNeeded(),
    (p, name) => shot(p, name, { photos: false }),
  );
  expect(problems).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Run on 3, confirmed.
  await page.getByRole('button', { name: 'Run on 3' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reject 3 plates?' });
  await confirm.getByRole('button', { name: 'Run on 3' }).click();
  await expect(page.getByText('Batch done.').first()).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Reject 3 plates' }).first();
  await expect(row).toContainText('The photos are too blurry to judge');
  await expect(row).toContainText(/2[34] h \d+ min left/);
  expect(await statuses()).toEqual(['rejected', 'rejected', 'rejected']);
  const told = async () =>
    ((await (await mine.get('/api/notifications')).json()) as { notifications: { message: string }[] }).notifications.map((n) => n.message);
  expect((await told()).filter((m) => m === '3 of your plates were not approved: The photos are too blurry to judge')).toHaveLength(1);

  // Undo, confirmed: the plates are pending again and the cook is told.
  await row.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('alertdialog', { name: 'Undo: reject 3 plates?' }).getByRole('button', { name: 'Undo batch' }).click();
  await expect(page.getByText('Batch undone.').first()).toBeVisible();
  await expect(row).toContainText('3 put back');
  await expect(row.getByText('Undone', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect(await statuses()).toEqual(['pending', 'pending', 'pending']);
  expect(await told()).toContain('A moderator undid an earlier action: 3 of your plates are back as they were.');

  await page.context().close();
  await mine.dispose();
  await staff.dispose();
});
