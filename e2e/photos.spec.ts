import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, approvedPlate, idOf } from './api';
import { createMember } from './members';
import { shot, signedInPage } from './pages';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1366, height: 800 } };

/** A visitor's page at a size and in a theme. */
async function visitorPage(browser: Browser, size: typeof phone | typeof desktop, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ ...size, colorScheme });
  return context.newPage();
}

/** The top edges of the grid's tiles, in order. */
async function tileTops(page: Page, name: string): Promise<number[]> {
  const tiles = page.getByRole('region', { name }).getByRole('link');
  const boxes = await Promise.all((await tiles.all()).map((t) => t.boundingBox()));
  return boxes.map((b) => Math.round(b!.y));
}

test('a profile, saved plates and a place show a photo grid with ratings; a tile opens the plate', async ({ browser, request }) => {
  const cook = await createMember(request, 'gridcook');
  const fan = await createMember(request, 'gridfan');
  const stamp = Date.now().toString(36);
  const titles = ['Moussaka', 'Spanakopita', 'Baklava', 'Souvlaki', 'Tzatziki'].map((t) => `${t} ${stamp}`);
  const place = `Thessaloniki ${stamp}`;
  const ids: number[] = [];
  for (const title of titles) ids.push(await approvedPlate(cook, { title, location: place }));
  const cookId = await idOf(cook);

  // The fan rates two plates and saves one.
  const asFan = await apiAs(fan);
  expect((await asFan.post(`/api/posts/${ids[0]}/rate`, { data: { rating: 4 } })).status()).toBe(200);
  expect((await asFan.post(`/api/posts/${ids[4]}/rate`, { data: { rating: 5 } })).status()).toBe(200);
  expect((await asFan.post(`/api/posts/${ids[2]}/saves`)).status()).toBeLessThan(300);
  await asFan.dispose();

  for (const colorScheme of ['light', 'dark'] as const) {
    // Phones: three squares a row, newest first, the average rating on the rated ones.
    const page = await visitorPage(browser, phone, colorScheme);
    await page.goto(`/profile/${cookId}`);
    const grid = page.getByRole('region', { name: /^Plates by / });
    await expect(grid.getByRole('link')).toHaveCount(5);
    const tops = await tileTops(page, (await grid.getAttribute('aria-label'))!);
    expect(tops[0]).toBe(tops[1]);
    expect(tops[1]).toBe(tops[2]);
    expect(tops[3]).toBeGreaterThan(tops[2]!);
    const first = grid.getByRole('link').first();
    const box = (await first.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
    expect(box.width).toBeLessThan(390 / 3);
    await expect(grid.getByRole('link', { name: `${titles[4]}, rated 5.0 out of 5 from 1 rating` })).toContainText('5.0');
    await expect(grid.getByRole('link', { name: `${titles[3]}, no ratings yet` })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
    await grid.scrollIntoViewIfNeeded();
    await shot(page, `profile-grid-phone-${colorScheme}`);
    await page.context().close();

    // Desktop: more a row.
    const wide = await visitorPage(browser, desktop, colorScheme);
    await wide.goto(`/profile/${cookId}`);
    const wideGrid = wide.getByRole('region', { name: /^Plates by / });
    await expect(wideGrid.getByRole('link')).toHaveCount(5);
    const wideTops = await tileTops(wide, (await wideGrid.getAttribute('aria-label'))!);
    expect(new Set(wideTops.slice(0, 4)).size).toBe(1);
    expect(wideTops[4]).toBeGreaterThan(wideTops[0]!);
    await shot(wide, `profile-grid-desktop-${colorScheme}`);
    await wide.context().close();
  }

  // A tile opens its plate.
  const visitor = await visitorPage(browser, phone, 'light');
  await visitor.goto(`/location/${encodeURIComponent(place)}`);
  const placeGrid = visitor.getByRole('region', { name: `Plates from ${place}` });
  await expect(placeGrid.getByRole('link')).toHaveCount(5);
  await placeGrid.getByRole('link', { name: new RegExp(`^${titles[0]}, rated 4.0`) }).click();
  await visitor.waitForURL(`**/posts/${ids[0]}`);
  await expect(visitor.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
  await visitor.context().close();

  // The fan's saved plates are a grid too.
  const fanPage = await signedInPage(browser, fan, phone);
  await fanPage.goto('/saved-posts');
  const saved = fanPage.getByRole('region', { name: 'Saved plates' });
  await expect(saved.getByRole('link', { name: new RegExp(`^${titles[2]}, `) })).toHaveAttribute('href', `/posts/${ids[2]}`);
  await shot(fanPage, 'saved-grid-phone-light');
  await fanPage.context().close();
});

test('a member rates a plate from its feed card; the rating stays, and the cook sees no stars on their own', async ({ browser, request }) => {
  const cook = await createMember(request, 'feedcook');
  const taster = await createMember(request, 'feedtaster');
  const title = `Pastel de nata ${Date.now().toString(36)}`;
  await approvedPlate(cook, { title, location: 'Lisbon' });

  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await signedInPage(browser, taster, { ...phone, colorScheme });
    const card = page.getByRole('article', { name: title });
    const stars = card.getByRole('radiogroup', { name: new RegExp(`(Rate|Change your rating of) ${title}`) });
    await expect(stars).toBeVisible();
    await stars.getByRole('radio', { name: colorScheme === 'light' ? '4 stars' : '5 stars' }).click();
    const rated = colorScheme === 'light' ? 4 : 5;
    await expect(card.getByText(`You rated ${rated}/5`)).toBeVisible();
    // The confirming toast sits below the header on a phone, covering none of it.
    const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: 'Your rating has been submitted!' });
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(card.getByLabel(`Rated ${rated}.0 out of 5 from 1 rating`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, `feed-rating-phone-${colorScheme}`);

    // Kept by the server: a fresh load shows it.
    await page.reload();
    await expect(page.getByRole('article', { name: title }).getByText(`You rated ${rated}/5`)).toBeVisible();
    await expect(page.getByRole('article', { name: title }).getByRole('radio', { name: `${rated} stars` })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.context().close();
  }

  // The cook's own card has no stars.
  const cookPage = await signedInPage(browser, cook, phone);
  const own = cookPage.getByRole('article', { name: title });
  await expect(own.getByLabel('Rated 5.0 out of 5 from 1 rating')).toBeVisible();
  await expect(own.getByRole('radiogroup')).toHaveCount(0);
  await cookPage.context().close();
});
