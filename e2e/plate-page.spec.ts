import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, approvedPlate } from './api';
import { createMember, type Member } from './members';
import { shot, signedInPage } from './pages';

const coffee = readFileSync(path.join(import.meta.dirname, 'fixtures', 'coffee.jpg'));
const desktop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The plate page opened afresh (the server's HTML, its preload and data) for `member`. */
async function openPlate(browser: Browser, member: Member, id: number, options: Parameters<Browser['newContext']>[0]) {
  const page = await signedInPage(browser, member, options);
  await page.goto(`/posts/${id}`);
  return page;
}

/** How many times the page downloaded one of the plate's renditions: once, when the preload is used. */
async function photoDownloads(page: Page, id: number): Promise<number> {
  const plate = (await (await page.request.get(`/api/posts/${id}`)).json()) as { image: { url: string; variants: Array<{ url: string }> } };
  const urls = new Set([plate.image.url, ...plate.image.variants.map((v) => v.url)].map((u) => new URL(u, page.url()).pathname));
  return page.evaluate(
    (paths) => performance.getEntriesByType('resource').filter((e) => paths.includes(new URL(e.name).pathname)).length,
    [...urls],
  );
}

test('the plate page: the photo beside the details on desktop, the photo first on a phone, light and dark', async ({ browser, request }) => {
  const cook = await createMember(request, 'painter');
  const taster = await createMember(request, 'looker');
  const stamp = Date.now().toString(36);
  // A portrait plate (under 0.9 wide for 1 tall: shown 4:5), cut from the landscape coffee photo.
  const portrait = await sharp(coffee).extract({ left: 150, top: 0, width: 300, height: 400 }).jpeg().toBuffer();
  const title = `Cortado, tall glass ${stamp}`;
  await approvedPlate(cook, { title: `Flat white ${stamp}`, description: 'A heart that almost worked.' });
  const id = await approvedPlate(cook, { title, description: 'Half espresso, half steamed milk, in a glass.', location: 'Lisbon' }, portrait);
  // Enough conversation that the details column is longer than the screen.
  const cookApi = await apiAs(cook);
  for (const comment of [
    'Pulled at 9 bar, 25 seconds, and the milk at 60 degrees.',
    'The glass is from my grandmother: it has seen a thousand of these.',
    'Next time with oat milk, to see whether the layers hold.',
    'Thank you all for the kind words!',
  ]) {
    const sent = await cookApi.post(`/api/posts/${id}/rate`, { data: { comment } });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  await cookApi.dispose();

  for (const colorScheme of ['light', 'dark'] as const) {
    // Desktop: the whole photo in view, the title and Your Rating to its right.
    const page = await openPlate(browser, taster, id, { ...desktop, colorScheme });
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const yourRating = page.getByRole('region', { name: 'Your Rating' });
    await expect(yourRating).toBeVisible();
    const photo = (await page.getByRole('img', { name: title }).boundingBox())!;
    const titleBox = (await heading.boundingBox())!;
    const ratingBox = (await yourRating.boundingBox())!;
    expect(titleBox.x).toBeGreaterThanOrEqual(photo.x + photo.width);
    expect(ratingBox.x).toBeGreaterThanOrEqual(photo.x + photo.width);
    expect(photo.y).toBeGreaterThanOrEqual(0);
    expect(photo.y + photo.height).toBeLessThanOrEqual(desktop.viewport.height);
    expect(photo.width).toBeGreaterThan(400);
    await shot(page, `plate-page-desktop-${colorScheme}`);
    // The server's preload asks for the rendition the <img> picks (same srcset and sizes): one download.
    expect(await photoDownloads(page, id)).toBe(1);

    // The photo stays in view, below the header, while the details scroll by to the last comment.
    await page.getByText('Thank you all for the kind words!').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
    const pinned = (await page.getByRole('img', { name: title }).boundingBox())!;
    expect(pinned.y).toBeGreaterThanOrEqual(64);
    expect(pinned.y + pinned.height).toBeLessThanOrEqual(desktop.viewport.height);
    await page.context().close();

    // Phone: one column, the photo first.
    const onPhone = await openPlate(browser, taster, id, { ...phone, colorScheme });
    const phoneTitle = onPhone.getByRole('heading', { level: 1, name: title });
    await expect(phoneTitle).toBeVisible();
    const phonePhoto = (await onPhone.getByRole('img', { name: title }).boundingBox())!;
    const phoneTitleBox = (await phoneTitle.boundingBox())!;
    expect(phonePhoto.y + phonePhoto.height).toBeLessThanOrEqual(phoneTitleBox.y);
    expect(phonePhoto.width).toBeGreaterThan(300);
    await shot(onPhone, `plate-page-phone-${colorScheme}`);
    expect(await photoDownloads(onPhone, id)).toBe(1);
    await onPhone.context().close();
  }
});
