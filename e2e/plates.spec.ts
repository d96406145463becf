import path from 'node:path';
import { expect, test } from '@playwright/test';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

const photo = path.join(import.meta.dirname, 'fixtures', 'coffee.jpg');

test('a cook uploads a plate, an admin approves it, a taster rates and comments, the cook earns points', async ({ browser, request }) => {
  const cook = await createMember(request, 'cook');
  const taster = await createMember(request, 'taster');
  const title = `Flat white ${Date.now().toString(36)}`;

  // The cook shares a photo; on Detect the browser's position becomes a place name on the server.
  const cookPage = await signedInPage(browser, cook, {
    geolocation: { latitude: 38.7223, longitude: -9.1393 },
    permissions: ['geolocation'],
  });
  await cookPage.getByRole('button', { name: 'Upload Plate' }).first().click();
  const dialog = cookPage.getByRole('dialog', { name: 'Upload Your Plate' });
  await expect(dialog.getByRole('button', { name: 'Share Plate' })).toBeDisabled();
  await dialog.locator('input[type="file"]').setInputFiles(photo);
  await expect(dialog.getByRole('img').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Detect my location' }).click();
  await expect(dialog.getByLabel('Location (optional)')).toHaveValue(/Lisbo/);
  await dialog.getByLabel('Title').fill('ab');
  await dialog.getByRole('button', { name: 'Share Plate' }).click();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description (optional)').fill('Oat milk, a double shot, and a heart that almost worked.');
  await dialog.getByLabel('Italian').check();
  await dialog.getByRole('button', { name: 'Share Plate' }).click();
  await expect(cookPage.getByText('Your plate has been submitted and is awaiting admin approval')).toBeVisible();
  await expect(cookPage.getByText('Awaiting approval')).toBeVisible();

  // The photo is served as content-addressed WebP renditions, cached for a year.
  const mine = (await (await cookPage.request.get('/api/posts')).json()).posts.find((p: { title: string }) => p.title === title);
  expect(mine.image.variants.length).toBeGreaterThan(0);
  const served = await request.get(mine.image.variants[0].url);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Nobody else sees it yet.
  const feedBefore = await (await request.get('/api/posts')).json();
  expect(feedBefore.posts.map((p: { title: string }) => p.title)).not.toContain(title);

  // The admin approves it from the pending list.
  const adminPage = await signedInPage(browser, admin());
  await adminPage.goto('/admin/pending-posts');
  await adminPage.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(adminPage.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);

  // A taster finds it in the feed, opens it, rates it and comments.
  const tasterPage = await signedInPage(browser, taster);
  await expect(tasterPage.getByRole('link', { name: title }).first()).toBeVisible();
  await shot(tasterPage, 'feed-desktop');
  await tasterPage.getByRole('link', { name: title }).first().click();
  await tasterPage.waitForURL(/\/posts\/\d+$/);
  // the plate page's own heading (the feed stays up while the page's code loads, its cards with their stars)
  await expect(tasterPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(tasterPage.getByText('Italian').first()).toBeVisible();
  await tasterPage.getByRole('radiogroup', { name: 'Rate this plate' }).getByRole('radio', { name: '5 stars' }).click();
  await expect(tasterPage.getByText('Your rating has been submitted!')).toBeVisible();
  await expect(tasterPage.getByText('You rated 5/5')).toBeVisible();
  await tasterPage.getByPlaceholder('Add a comment...').fill('That foam is a work of art.');
  await tasterPage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(tasterPage.getByText('That foam is a work of art.')).toBeVisible();
  await shot(tasterPage, 'post-desktop');

  // The cook cannot rate their own plate, and sees the points on the leaderboard.
  const postUrl = tasterPage.url();
  await cookPage.goto(postUrl);
  await expect(cookPage.getByText('That foam is a work of art.')).toBeVisible();
  await expect(cookPage.getByRole('radio', { name: '5 stars' })).toHaveCount(0);
  // The cook's bell has the news; opening the panel marks it read, and a click leads to the plate.
  await cookPage.goto('/');
  const bell = cookPage.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = cookPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('New rating')).toBeVisible();
  await expect(panel.getByText('New comment')).toBeVisible();
  await expect(panel.getByText('Plate approved')).toBeVisible();
  await cookPage.screenshot({ quality: 80, path: 'e2e/artifacts/notifications-desktop.jpg' });
  await panel.getByText('New rating').click();
  await cookPage.waitForURL(postUrl);
  await expect(cookPage.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  await cookPage.goto('/leaderboard');
  const row = cookPage
    .getByRole('list', { name: 'Cooks by points' })
    .getByRole('listitem')
    .filter({ hasText: cook.username })
    .first();
  // 100 for the approved plate + 10 for the rating received
  await expect(row).toContainText('110');
  const me = await (await cookPage.request.get('/api/user')).json();
  expect(me.points).toBe(110);

  // The same screens on a phone.
  const phone = await signedInPage(browser, taster, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await expect(phone.getByRole('link', { name: title }).first()).toBeVisible();
  await shot(phone, 'feed-phone');
  await phone.goto(postUrl);
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shot(phone, 'post-phone');
});
