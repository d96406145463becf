import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { approvedPlate } from './api';
import { createMember } from './members';
import { signedInPage } from './pages';

const photo = path.join(import.meta.dirname, 'fixtures', 'coffee.jpg');
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Counts the page's calls to getCurrentPosition and answers each as a person refusing the prompt
 * (PERMISSION_DENIED), the way a browser with the permission denied does.
 */
async function refuseGeolocation(page: Page) {
  await page.addInitScript(() => {
    const calls = { n: 0 };
    (window as unknown as { geoCalls: typeof calls }).geoCalls = calls;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition(_ok: PositionCallback, fail?: PositionErrorCallback | null) {
          calls.n += 1;
          setTimeout(() => fail?.({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError), 50);
        },
        watchPosition: () => 0,
        clearWatch: () => {},
      },
    });
  });
}
const geoCalls = (page: Page) => page.evaluate(() => (window as unknown as { geoCalls: { n: number } }).geoCalls.n);

test('the position is asked for only on Detect; a refused one leaves the plate without a location', async ({ browser, request }) => {
  const cook = await createMember(request, 'nomad');
  const title = `Street noodles ${Date.now().toString(36)}`;
  const page = await signedInPage(browser, cook, { ...phone, permissions: [] });
  await refuseGeolocation(page);
  await page.reload();

  // Opening the dialog asks nothing of the browser.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Your Plate' });
  await expect(dialog.getByRole('checkbox', { name: 'Italian' })).toBeVisible();
  const field = dialog.getByLabel('Location (optional)');
  await expect(field).toHaveValue('');
  expect(await geoCalls(page)).toBe(0);

  // Detect asks once; the refusal leaves the field empty, with the placeholder saying so.
  await dialog.getByRole('button', { name: 'Detect my location' }).click();
  // (The open dialog hides the rest of the page from the accessibility tree, toasts included, so
  // by text: Radix announces each toast through a live region of its own.)
  const toast = page.locator('li').filter({ has: page.getByText('Location detection failed', { exact: true }) });
  await expect(toast).toBeVisible();
  expect(await geoCalls(page)).toBe(1);
  await expect(field).toHaveValue('');
  await expect(field).toHaveAttribute('placeholder', 'Unknown location');
  await expect(dialog.getByText(/Location access denied by user/)).toBeVisible();
  // The toast covers neither the dialog's title nor its buttons.
  const toastBox = (await toast.boundingBox())!;
  const titleBox = (await dialog.getByRole('heading', { name: 'Upload Your Plate' }).boundingBox())!;
  const shareBox = (await dialog.getByRole('button', { name: 'Share Plate' }).boundingBox())!;
  expect(toastBox.y).toBeGreaterThan(titleBox.y + titleBox.height);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(shareBox.y);
  await page.screenshot({ quality: 80, path: 'e2e/artifacts/upload-location-failed-phone.jpg' });

  // The warning belongs to this dialog: closing the dialog ends it too.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' }).click();
  await expect(field).toHaveValue('');

  await dialog.locator('input[type="file"]').setInputFiles(photo);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Share Plate' }).click();
  await expect(page.getByText('Your plate has been submitted and is awaiting admin approval')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Stored with no location, and no "Unknown location" chip on the feed or the plate's page.
  const mine = (await (await page.request.get('/api/posts')).json()).posts.find((p: { title: string }) => p.title === title);
  expect(mine.location).toBeNull();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(page.getByText('Unknown location')).toHaveCount(0);
  await expect(page.locator('a[href*="/location/"]').filter({ hasText: /unknown/i })).toHaveCount(0);
  await page.goto(`/posts/${mine.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Unknown location')).toHaveCount(0);
});

test('a phone has one upload button, in the bottom bar, and nothing floats over the cards', async ({ browser, request }) => {
  const cook = await createMember(request, 'onebutton');
  const title = `Shakshuka ${Date.now().toString(36)}`;
  await approvedPlate(cook, { title, location: 'Jaffa' });
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await signedInPage(browser, cook, { ...phone, colorScheme });
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Plate' })).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload Plate' })).toBeVisible();
    // The first card's Share button is not under anything: a click lands on it.
    const share = page.getByRole('article', { name: title }).getByRole('button', { name: /share/i }).first();
    await share.scrollIntoViewIfNeeded();
    await expect(share).toBeVisible();
    await share.click({ trial: true });
    await page.screenshot({ quality: 80, path: `e2e/artifacts/upload-one-button-phone-${colorScheme}.jpg` });
    await page.context().close();
  }
});
