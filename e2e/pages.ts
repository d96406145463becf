import { expect, type Browser, type Page } from '@playwright/test';
import { signInUi, type Member } from './members';

/** A fresh browser context signed in as `member` through the Sign In form. */
export async function signedInPage(browser: Browser, member: Member, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInUi(page, member);
  return page;
}

/**
 * Waits until every uploaded photo in view has loaded (not just its placeholder), then shoots.
 * A screen shown without photos (a thread, the leaderboard) says `{ photos: false }`.
 */
export async function shot(page: Page, name: string, { photos = true }: { photos?: boolean } = {}) {
  await page.waitForFunction((needed) => {
    const inView = [...document.images].filter((i) => i.currentSrc.includes('/uploads/') && i.getBoundingClientRect().top < innerHeight);
    return (inView.length > 0 || !needed) && inView.every((i) => i.complete && i.naturalWidth > 0);
  }, photos, { timeout: 15_000 });
  await page.waitForTimeout(400); // the fade from the placeholder
  await page.screenshot({ quality: 80, path: `e2e/artifacts/${name}.jpg`, fullPage: false });
}

/** The Message flow's "Send a chat request" dialog: the greeting replaced when given, then sent. */
export async function sendChatRequest(page: Page, greeting?: string) {
  const dialog = page.getByRole('dialog', { name: 'Send a chat request' });
  const field = dialog.getByRole('textbox', { name: 'Greeting' });
  await expect(field).toHaveValue(/\S/); // prefilled with the default greeting
  if (greeting !== undefined) await field.fill(greeting);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
}
