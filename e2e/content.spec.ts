// Everything this journey features is unfeatured at its end, so the other journeys' home pages
// and screenshots show no Featured row.
import { expect, test } from '@playwright/test';
import { apiAs, approvedPlate } from './api';
import { violations } from './axe';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const STAMP = Date.now().toString(36);
const TITLE = `Golden paella ${STAMP}`;
const RULE = `Be kind ${STAMP}`;

test.afterAll(async () => {
  const api = await apiAs(admin());
  const current = (await (await api.get('/api/admin/featured')).json()) as { featured: { id: number }[] };
  for (const f of current.featured) expect((await api.post(`/api/admin/featured/${f.id}/unfeature`, { data: {} })).status()).toBe(200);
  await api.dispose();
});

test('an admin features a plate and visitors see it in the Featured row; edited guidelines open from the report dialog, inert', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const cook = await createMember(request, 'featcook');
  const postId = await approvedPlate(cook, { title: TITLE });

  // The admin features the plate by its link on /admin/content (the Featured tab opens first).
  const adminPage = await signedInPage(browser, admin(), { viewport: SIZES.desktop });
  await adminPage.goto('/admin/content');
  await expect(adminPage.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('tab', { name: 'Featured', selected: true })).toBeVisible();
  const form = adminPage.getByRole('form', { name: 'Feature a plate' });
  await form.getByLabel('Plate').fill(new URL(`/posts/${postId}`, adminPage.url()).href);
  await form.getByLabel('Priority').fill('5');
  await form.getByLabel('Reason (optional)').fill('Picked by the journey');
  await form.getByRole('button', { name: 'Feature plate' }).click();
  const row = adminPage.getByRole('list', { name: 'Featured now' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(row).toContainText('Priority 5');
  await expect(row).toContainText('Picked by the journey');
  await adminPage.mouse.move(0, 0); // off the submit button (axe would judge its hover colour)
  expect(await violations(adminPage), 'the Featured tab').toEqual([]);
  await shot(adminPage, 'content-admin-featured-desktop-light');

  // Visitors see it at the top of the home feed, on a phone and a desktop, light and dark.
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await browser.newPage({ colorScheme, viewport });
      await visitor.goto('/');
      const featured = visitor.getByRole('region', { name: 'Featured' });
      await expect(featured.getByRole('link', { name: new RegExp(`^${TITLE}`) })).toBeVisible();
      expect(await violations(visitor), `home ${size} ${colorScheme}`).toEqual([]);
      await shot(visitor, `content-featured-${size}-${colorScheme}`);
      await visitor.close();
    }
  }

  // The admin writes the guidelines in Markdown, with a hostile line the preview shows inert.
  await adminPage.getByRole('tab', { name: 'Pages' }).click();
  await expect(adminPage).toHaveURL(/tab=pages/);
  await adminPage.getByRole('button', { name: 'Community guidelines' }).click();
  const pageForm = adminPage.getByRole('form', { name: 'Edit Community guidelines' });
  await pageForm.getByLabel('Title').fill('House rules');
  await pageForm
    .getByLabel('Content (Markdown)')
    .fill(`## ${RULE}\n\nRate the **plate**, not the cook.\n\n<img src="x" onerror="window.__pwned = 1">\n\n[a trap](javascript:window.__pwned=1)`);
  const preview = adminPage.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: RULE })).toBeVisible();
  await pageForm.getByRole('button', { name: 'Save new version' }).click();
  await expect(adminPage.getByText(/^Version \d+, saved/)).toBeVisible();
  await adminPage.mouse.move(0, 0);
  expect(await violations(adminPage), 'the Pages tab').toEqual([]);
  await shot(adminPage, 'content-admin-pages-desktop-light', { photos: false });
  await adminPage.setViewportSize(SIZES.phone);
  await adminPage.emulateMedia({ colorScheme: 'dark' });
  await shot(adminPage, 'content-admin-pages-phone-dark', { photos: false });

  // A member reporting the plate reads the guidelines from the report dialog (in a new tab).
  const reader = await createMember(request, 'reader');
  const readerPage = await signedInPage(browser, reader, { viewport: SIZES.desktop });
  await readerPage.goto(`/posts/${postId}`);
  await readerPage.getByRole('button', { name: `More options for ${TITLE}` }).click();
  await readerPage.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = readerPage.getByRole('dialog', { name: 'Report Plate' });
  const [guide] = await Promise.all([readerPage.context().waitForEvent('page'), dialog.getByRole('link', { name: 'Read the community guidelines' }).click()]);
  await expect(guide.getByRole('heading', { name: 'House rules', level: 1 })).toBeVisible();
  await expect(guide.getByRole('heading', { name: RULE })).toBeVisible();
  await expect(guide.getByText('a trap')).not.toHaveAttribute('href');
  expect(await guide.locator('main img[src="x"], [onerror]').count()).toBe(0);
  expect(await guide.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(dialog).toBeVisible(); // the report being written stays open
  await readerPage.context().close();

  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await browser.newPage({ colorScheme, viewport });
      await visitor.goto('/guidelines');
      await expect(visitor.getByRole('heading', { name: RULE })).toBeVisible();
      expect(await violations(visitor), `guidelines ${size} ${colorScheme}`).toEqual([]);
      await shot(visitor, `content-guidelines-${size}-${colorScheme}`, { photos: false });
      await visitor.close();
    }
  }

  // Unfeatured on the admin page: visitors' row no longer has it.
  await adminPage.setViewportSize(SIZES.desktop);
  await adminPage.getByRole('tab', { name: 'Featured' }).click();
  await adminPage.getByRole('button', { name: `Unfeature ${TITLE}` }).click();
  await adminPage.getByRole('alertdialog', { name: 'Unfeature this plate?' }).getByRole('button', { name: 'Unfeature' }).click();
  await expect(adminPage.getByRole('button', { name: `Unfeature ${TITLE}` })).toBeHidden();
  const answer = (await (await request.get('/api/posts/featured')).json()) as { posts: { id: number }[] };
  expect(answer.posts.map((p) => p.id)).not.toContain(postId);
  await adminPage.context().close();
});
