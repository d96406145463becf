import { expect, test } from '@playwright/test';
import { approvedPlate, idOf } from './api';
import { createMember } from './members';
import { shot, signedInPage } from './pages';

test('a cook goes private, a fan asks to follow, the cook approves, the fan sees the plates', async ({ browser, request }) => {
  const cook = await createMember(request, 'private');
  const fan = await createMember(request, 'fan');
  const title = `Secret ragu ${Date.now().toString(36)}`;
  await approvedPlate(cook, { title, description: 'Six hours on the lowest flame.' });
  const cookId = await idOf(cook);

  // The cook makes the account private from their own profile.
  const cookPage = await signedInPage(browser, cook);
  await cookPage.getByRole('link', { name: 'My Profile' }).click();
  await cookPage.waitForURL(`/profile/${cookId}`);
  await cookPage.getByRole('button', { name: 'Edit Profile' }).click();
  await cookPage.getByRole('textbox', { name: 'Bio', exact: true }).fill('Slow sauces, fast opinions.');
  await cookPage.getByRole('switch', { name: 'Private account' }).click();
  await cookPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(cookPage.getByText('Profile updated')).toBeVisible();
  await expect(cookPage.getByRole('img', { name: 'Private account' })).toBeVisible();
  await expect(cookPage.getByText('Slow sauces, fast opinions.')).toBeVisible();

  // The fan sees the profile but not the plates, and asks to follow.
  const fanPage = await signedInPage(browser, fan);
  await expect(fanPage.getByRole('link', { name: title })).toHaveCount(0);
  await fanPage.goto(`/users/${cookId}`);
  await expect(fanPage.getByRole('heading', { name: 'This account is private' })).toBeVisible();
  await expect(fanPage.getByRole('link', { name: title })).toHaveCount(0);
  await fanPage.getByRole('button', { name: /^Request to follow/ }).first().click();
  await expect(fanPage.getByRole('button', { name: /^Requested, follow request sent to/ }).first()).toBeVisible();
  const blocked = await fanPage.request.get(`/api/users/${cookId}/posts`);
  expect(blocked.status()).toBe(403);

  // The cook's open page is told at once over the realtime socket (the fallback refresh is every
  // 30 s, so a 5 s wait proves the push), opens the requests from the bell and approves.
  const bell = cookPage.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  await expect(bell).toBeVisible({ timeout: 5_000 });
  await bell.click();
  const panel = cookPage.getByRole('dialog', { name: 'Notifications' });
  await panel.getByText(new RegExp(`${fan.username} wants to follow you`)).click();
  await cookPage.waitForURL(`/profile/${cookId}?tab=requests`);
  await cookPage.getByRole('button', { name: new RegExp(`^Approve ${fan.username}`) }).click();
  await expect(cookPage.getByRole('button', { name: new RegExp(`^Approve ${fan.username}`) })).toHaveCount(0);

  // The fan now follows and sees the plate on the profile.
  await fanPage.reload();
  await expect(fanPage.getByRole('link', { name: title }).first()).toBeVisible();
  await expect(fanPage.getByRole('button', { name: /^Following / }).first()).toBeVisible();
  await shot(fanPage, 'profile-desktop');

  // The same profile on a phone, in dark theme.
  const phone = await signedInPage(browser, fan, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  await phone.goto(`/profile/${cookId}`);
  await expect(phone.getByRole('link', { name: title }).first()).toBeVisible();
  await shot(phone, 'profile-phone-dark');
});

test('blocking someone removes their plates from the feed and hides your profile from them', async ({ browser, request }) => {
  const annoyed = await createMember(request, 'annoyed');
  const pest = await createMember(request, 'pest');
  const title = `Loud nachos ${Date.now().toString(36)}`;
  await approvedPlate(pest, { title });
  const pestId = await idOf(pest);
  const annoyedId = await idOf(annoyed);

  const page = await signedInPage(browser, annoyed);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  await page.goto(`/profile/${pestId}`);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Block @${pest.username}?` });
  await dialog.getByLabel('Reason (optional)').fill('Shouts in every comment');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('User blocked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock' }).first()).toBeVisible();

  // Their plate is gone from the feed.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Foodies to Follow' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  // The blocked person cannot see the blocker's profile.
  const pestPage = await signedInPage(browser, pest);
  await pestPage.goto(`/profile/${annoyedId}`);
  await expect(pestPage.getByText('User not found')).toBeVisible();

  // Settings lists the block with its reason; unblocking brings the plate back.
  await page.goto(`/profile/${annoyedId}?tab=settings`);
  const list = page.getByRole('region', { name: 'Blocked users list' });
  await expect(list.getByText('Shouts in every comment')).toBeVisible();
  await list.getByRole('button', { name: `Unblock @${pest.username}` }).click();
  await expect(page.getByText('User unblocked')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
});
