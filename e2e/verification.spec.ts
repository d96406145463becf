// A member asks for the verified badge in Settings; an admin approves it gold on
// /admin/verification; the badge shows on the member's profile. The badge is removed at the end
// (other journeys photograph screens where this member never shows, but keep the scene clean).
import { expect, test } from '@playwright/test';
import { apiAs, idOf } from './api';
import { violations } from './axe';
import { admin, createMember, type Member } from './members';
import { shot, signedInPage } from './pages';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
let member: Member | undefined;

test.afterAll(async () => {
  if (!member) return;
  const api = await apiAs(admin());
  // Revoked if it was granted (409 when the journey stopped before the approval).
  const res = await api.post(`/api/admin/verification/members/${await idOf(member)}/revoke`, { data: { reason: 'End of the verification journey' } });
  expect([200, 409]).toContain(res.status());
  await api.dispose();
});

test('a member requests verification in Settings, an admin approves it gold, and the badge shows on their profile', async ({ browser, request }) => {
  test.setTimeout(120_000);
  member = await createMember(request, 'vercook');
  const memberId = await idOf(member);

  // The member asks from their Settings.
  const memberPage = await signedInPage(browser, member, { viewport: SIZES.desktop });
  await memberPage.goto(`/profile/${memberId}?tab=settings`);
  const form = memberPage.getByRole('form', { name: 'Request verification' });
  await form.getByLabel('Why should your account be verified?').fill('I cook at Le Petit Bistro and share our daily specials here.');
  await form.getByLabel('Link 1').fill('https://bistro.example/team');
  expect(await violations(memberPage), 'the request form').toEqual([]);
  await form.getByRole('button', { name: 'Request verification' }).click();
  await expect(memberPage.getByText('Request pending')).toBeVisible();
  await expect(form).toBeHidden();

  // The admin sees it in the queue, light and dark, on a desktop and a phone (axe clean).
  const adminPage = await signedInPage(browser, admin(), { viewport: SIZES.desktop });
  await adminPage.goto('/admin/verification');
  await expect(adminPage.getByRole('heading', { name: 'Verification', level: 1 })).toBeVisible();
  const card = adminPage.getByRole('listitem', { name: `Request from @${member.username}` });
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await adminPage.setViewportSize(viewport);
      await adminPage.emulateMedia({ colorScheme });
      await expect(card).toContainText('Le Petit Bistro');
      expect(await violations(adminPage), `admin ${size} ${colorScheme}`).toEqual([]);
      await shot(adminPage, `verification-admin-${size}-${colorScheme}`, { photos: false });
    }
  }
  await expect(card.getByRole('link', { name: /bistro\.example\/team/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // Approved gold.
  await adminPage.setViewportSize(SIZES.desktop);
  await adminPage.emulateMedia({ colorScheme: 'light' });
  await card.getByRole('button', { name: `Approve @${member.username}` }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Badge').selectOption('gold');
  await expect(dialog).toContainText('now shows a gold badge');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeHidden();
  await adminPage.getByRole('tab', { name: 'Verified members' }).click();
  await expect(adminPage.getByRole('list', { name: 'Verified members' })).toContainText(`@${member.username}`);
  await adminPage.context().close();

  // The badge shows on the member's profile, and their Settings say so.
  await memberPage.goto(`/profile/${memberId}`);
  const heading = memberPage.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(memberPage.locator('main [data-verified="gold"]').first()).toBeVisible();
  await memberPage.goto(`/profile/${memberId}?tab=settings`);
  await expect(memberPage.getByText('Verified (Gold)')).toBeVisible();
  await memberPage.getByRole('heading', { name: 'Verification' }).scrollIntoViewIfNeeded();
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await memberPage.setViewportSize(viewport);
      await memberPage.emulateMedia({ colorScheme });
      await memberPage.getByText('Verified (Gold)').scrollIntoViewIfNeeded();
      await shot(memberPage, `verification-settings-${size}-${colorScheme}`, { photos: false });
    }
  }
  expect(await violations(memberPage), 'the verified settings').toEqual([]);
  await memberPage.context().close();
});
