import { expect, test } from '@playwright/test';
import { apiAs, approvedPlate, idOf } from './api';
import { admin, createMember } from './members';
import { signedInPage } from './pages';

test('a member reports a plate, a moderator removes it with a strike, the cook appeals, an admin approves and the plate is back', async ({
  browser,
  request,
}) => {
  const cook = await createMember(request, 'cook');
  const reporter = await createMember(request, 'reporter');
  const moderator = await createMember(request, 'keeper');
  const title = `Mystery stew ${Date.now().toString(36)}`;
  const postId = await approvedPlate(cook, { title });

  // The admin makes a moderator (reports, pending plates, audit log; no appeals).
  const adminApi = await apiAs(admin());
  const granted = await adminApi.post(`/api/admin/users/${await idOf(moderator)}/roles`, { data: { role: 'moderator' } });
  expect(granted.status(), await granted.text()).toBe(201);
  await adminApi.dispose();

  // A member reports the plate from its menu.
  const reporterPage = await signedInPage(browser, reporter);
  await reporterPage.goto(`/posts/${postId}`);
  await reporterPage.getByRole('button', { name: `More options for ${title}` }).click();
  await reporterPage.getByRole('menuitem', { name: 'Report' }).click();
  const reportDialog = reporterPage.getByRole('dialog', { name: 'Report Plate' });
  await reportDialog.getByRole('radio', { name: 'Offensive or harmful' }).check();
  await reportDialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(reporterPage.getByText('Thank you for your report. Our team will review it.').first()).toBeVisible();

  // The moderator finds it in the queue and removes it with a reason; the preview is the notice.
  const modPage = await signedInPage(browser, moderator);
  await modPage.goto('/admin');
  await modPage.waitForURL(/\/admin\/pending-posts/);
  await modPage.getByRole('link', { name: 'Reports' }).first().click();
  const item = modPage.getByRole('article', { name: title });
  await expect(item.getByText('Offensive or harmful')).toBeVisible();
  await item.getByRole('button', { name: 'Remove plate' }).click();
  const action = modPage.getByRole('dialog');
  await action.getByLabel('Reason', { exact: true }).fill('Please share food you cooked, not a joke photo.');
  await expect(action.getByText(`A moderator removed your plate "${title}": Please share food you cooked, not a joke photo.`, { exact: false })).toBeVisible();
  await action.getByRole('button', { name: 'Remove' }).click();
  await expect(modPage.getByRole('article', { name: title })).toHaveCount(0);

  // Gone for others.
  await reporterPage.goto(`/posts/${postId}`);
  await expect(reporterPage.getByRole('heading', { name: title })).toHaveCount(0);

  // The cook sees the strike in Settings and appeals.
  const cookPage = await signedInPage(browser, cook);
  await cookPage.goto(`/profile/${await idOf(cook)}?tab=settings`);
  const strikes = cookPage.getByRole('list', { name: 'Your strikes' });
  await expect(strikes.getByText('Please share food you cooked, not a joke photo.').first()).toBeVisible();
  await strikes.getByRole('button', { name: 'Appeal' }).click();
  const appealForm = cookPage.getByRole('form', { name: 'Appeal this strike' });
  await appealForm.getByLabel('Why should a moderator look again?').fill('It is a real stew I cooked on Sunday; the light was bad.');
  await appealForm.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appealForm).toHaveCount(0);

  // An admin approves the appeal; the plate is back for everyone.
  const adminPage = await signedInPage(browser, admin());
  await adminPage.goto('/admin/reports?tab=appeals');
  const decide = adminPage.getByRole('group', { name: `Decide the appeal by @${cook.username}` });
  await decide.getByRole('button', { name: 'Approve' }).click();
  const approve = adminPage.getByRole('dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(decide).toHaveCount(0);

  await reporterPage.goto(`/posts/${postId}`);
  await expect(reporterPage.getByRole('heading', { name: title })).toBeVisible();
  await cookPage.goto('/');
  await cookPage.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
  await expect(cookPage.getByRole('dialog', { name: 'Notifications' }).getByText(/Your appeal was approved/).first()).toBeVisible();

  for (const page of [reporterPage, modPage, cookPage, adminPage]) await page.context().close();
});
