// Photo analysis (issue 17), from the cook's upload to the moderator's queue. Approved plates
// tagged Greek are seeded first, so the cuisine suggestions have something to go on. A cook chooses
// a dark photo (the coffee photo darkened here with sharp) and is told it is dark; chooses the good
// photo instead, titles it "Greek coffee", takes the suggested Greek cuisine and posts. A new
// cook's plate waits for review: the admin opens /admin/pending-posts and sees the analysis' chips.
// The dialog, the queue and /admin/ai are checked with axe and photographed in four looks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { QUALITY_TIPS } from '@plates/common';
import sharp from 'sharp';
import { apiAs, approvedPlate } from './api';
import { fourLooks } from './axe';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const coffee = readFileSync(path.join(import.meta.dirname, '..', 'server', 'src', 'test', 'fixtures', 'photos', 'coffee.png'));

test('a cook is told a photo is dark, takes a suggested cuisine and posts; the moderator sees the analysis on the pending plate', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const dark = await sharp(coffee).modulate({ brightness: 0.12 }).jpeg({ quality: 90 }).toBuffer();
  const good = await sharp(coffee).jpeg({ quality: 90 }).toBuffer();

  // Plates tagged Greek on the site (approved), so "Greek coffee" has neighbours to learn from.
  const seeder = await createMember(request, 'greekseed');
  const anyone = await apiAs(seeder);
  const categories = (await (await anyone.get('/api/categories')).json()) as { id: number; name: string }[];
  await anyone.dispose();
  const greek = categories.find((c) => c.name === 'Greek');
  expect(greek, 'the Greek cuisine exists').toBeTruthy();
  for (const title of ['Greek coffee, briki', 'Frappé on the beach', 'Greek coffee with loukoumi']) {
    await approvedPlate(seeder, { title: `${title} ${stamp}`, description: 'Greek coffee, boiled slowly in a briki.', categoryIds: String(greek!.id) }, good);
  }

  const cook = await createMember(request, 'briki');
  const title = `Greek coffee ${stamp}`;
  const page = await signedInPage(browser, cook, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Your Plate' });
  const file = dialog.locator('input[type="file"]');
  const check = dialog.getByRole('region', { name: 'Photo check' });

  // A dark photo: the panel says so, and posting stays possible.
  await file.setInputFiles({ name: 'dark-coffee.jpg', mimeType: 'image/jpeg', buffer: dark });
  await expect(check).toBeVisible();
  await expect(check.getByText(QUALITY_TIPS.dark)).toBeVisible({ timeout: 30_000 });
  await expect(check.getByText(/^(Great photo|Good|Could be better)$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Share Plate' })).toBeEnabled();

  // Another photo chosen over it (the dark one's answer, if still on its way, is dropped).
  await file.setInputFiles({ name: 'coffee.jpg', mimeType: 'image/jpeg', buffer: good });
  await expect(check.getByText(QUALITY_TIPS.dark)).toBeHidden({ timeout: 30_000 });
  await expect(check.getByText(/^(Great photo|Good|Could be better)$/)).toBeVisible();

  // The title is read (asked again once it rests): Greek is suggested; one tap ticks it.
  await dialog.getByLabel('Title').fill(title);
  const suggested = check.getByRole('group', { name: 'Suggested:' });
  const greekChip = suggested.getByRole('button', { name: /^Greek, \d+% match$/ });
  await expect(greekChip).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('checkbox', { name: 'Greek' })).not.toBeChecked();
  await greekChip.click();
  await expect(greekChip).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('checkbox', { name: 'Greek' })).toBeChecked();

  const dialogProblems = await fourLooks(
    page,
    'photo-analysis-upload',
    async () => {
      await expect(greekChip).toBeVisible();
      await check.scrollIntoViewIfNeeded();
    },
    (p, name) => shot(p, name, { photos: false }),
  );
  expect(dialogProblems).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Share Plate' }).click();
  await expect(page.getByText('Your plate has been submitted and is awaiting admin approval')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.context().close();
  // Posted with the Greek cuisine; found on its page of the queue (oldest first: other journeys
  // leave plates waiting too).
  const adminApi = await apiAs(admin());
  let queuePage = 0;
  let posted: { title: string; categories: { name: string }[] } | undefined;
  for (let n = 1, pages = 1; n <= pages && !posted; n += 1) {
    const answer = (await (await adminApi.get(`/api/admin/posts/pending?page=${n}`)).json()) as {
      posts: { title: string; categories: { name: string }[] }[];
      totalPages: number;
    };
    pages = answer.totalPages;
    posted = answer.posts.find((p) => p.title === title);
    queuePage = n;
  }
  await adminApi.dispose();
  expect(posted?.categories.map((c) => c.name)).toEqual(['Greek']);
  const queuePath = `/admin/pending-posts?page=${queuePage}`;

  // The moderator's queue: the plate with what the analysis found.
  const mod = await signedInPage(browser, admin(), { viewport: { width: 1280, height: 800 } });
  await mod.goto(queuePath);
  const item = mod.getByRole('article', { name: title });
  await expect(item).toBeVisible();
  const chips = item.getByRole('list', { name: 'Photo analysis' });
  await expect(chips.getByText(/^Photo quality \d{1,3}\/100$/)).toBeVisible();
  await expect(chips.getByText(/^Adult content\?/)).toHaveCount(0);
  const queueProblems = await fourLooks(
    mod,
    'photo-analysis-pending',
    async () => {
      await mod.goto(queuePath);
      await expect(mod.getByRole('article', { name: title }).getByRole('list', { name: 'Photo analysis' })).toBeVisible();
    },
    (p, name) => shot(p, name),
  );
  expect(queueProblems).toEqual([]);

  // /admin/ai: the switches, the thresholds and the figures (this plate counted as analysed).
  const aiProblems = await fourLooks(
    mod,
    'photo-analysis-admin',
    async () => {
      await mod.goto('/admin/ai');
      await expect(mod.getByRole('switch', { name: 'Photo quality' })).toBeChecked();
      await expect(mod.getByRole('region', { name: 'Figures' })).toBeVisible();
    },
    (p, name) => shot(p, name, { photos: false }),
  );
  expect(aiProblems).toEqual([]);
  await mod.context().close();
});
