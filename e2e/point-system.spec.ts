// /admin/point-system: an admin caps a rule, adjusts a member's points with a reason (the member
// sees the new total on their profile and is told why), and recomputes every total from the
// ledger; the page checked with axe and photographed. The rule is put back as found, since the
// other journeys run on the same server after this one.
import { expect, test } from '@playwright/test';
import { apiAs, idOf } from './api';
import { fourLooks } from './axe';
import { admin, createMember } from './members';
import { shot, signedInPage } from './pages';

type Rule = { id: number; actionType: string; pointsAwarded: number; isActive: boolean; dailyCap: number | null };

test('an admin caps a rule, adjusts a member with a reason the member sees, and recomputes', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const api = await apiAs(admin());
  const rules = ((await (await api.get('/api/admin/points/rules')).json()) as { rules: Rule[] }).rules;
  const comment = rules.find((r) => r.actionType === 'comment_given')!;
  try {
    const cook = await createMember(request, 'ptscook');
    const cookId = await idOf(cook);

    const page = await signedInPage(browser, admin(), { viewport: { width: 1280, height: 800 } });
    await page.goto('/admin/point-system');
    await expect(page.getByRole('heading', { name: 'Point System', level: 1 })).toBeVisible();
    const row = page.getByRole('form', { name: 'Comment given' });
    await row.getByLabel('Daily cap').fill('25');
    await row.getByRole('button', { name: 'Save Comment given' }).click();
    await expect(page.getByText('Comment given saved').first()).toBeVisible();
    const saved = ((await (await api.get('/api/admin/points/rules')).json()) as { rules: Rule[] }).rules;
    expect(saved.find((r) => r.id === comment.id)?.dailyCap).toBe(25);

    // The ledger: find the member, adjust with a reason.
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page.getByRole('searchbox', { name: 'Member' }).fill(cook.username);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: new RegExp(cook.username) }).click();
    await expect(page.getByText(`${cook.username} has no point transactions yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Adjust points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust points' });
    await dialog.getByLabel('Points').fill('1250');
    await dialog.getByLabel('Reason').fill('Winner of the autumn contest');
    await dialog.getByRole('button', { name: 'Adjust points' }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Winner of the autumn contest');
    await expect(list).toContainText('= 1,250');
    await expect(page.getByTestId('member-points')).toHaveText('1,250 points');

    // The member sees the new total and level on their profile, and was told why.
    const member = await signedInPage(browser, cook, { viewport: { width: 390, height: 844 } });
    await member.goto(`/profile/${cookId}`);
    await expect(member.locator('div', { hasText: /^1,250Points$/ }).first()).toBeVisible();
    const mine = await apiAs(cook);
    const notes = (await (await mine.get('/api/notifications')).json()) as { notifications: { message: string }[] };
    expect(notes.notifications.map((n) => n.message)).toContain('An admin adjusted your points (+1250): Winner of the autumn contest');
    await mine.dispose();
    await member.context().close();

    // Recompute: the totals already match the ledger, so none changes.
    await page.getByRole('tab', { name: 'Recompute' }).click();
    await page.getByRole('button', { name: 'Recompute totals' }).click();
    await page.getByRole('alertdialog', { name: "Recompute every member's points?" }).getByRole('button', { name: 'Recompute' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Read [\d,]+ members; 0 totals changed\./ })).toBeVisible();

    // The ledger at a laptop's and a phone's width, light and dark (the same signed-in page):
    // checked with axe and photographed.
    const problems = await fourLooks(
      page,
      'point-system',
      async () => {
        await page.goto(`/admin/point-system?tab=ledger&member=${cookId}`);
        await expect(page.getByRole('list', { name: 'Transactions' })).toBeVisible();
      },
      (p, name) => shot(p, name, { photos: false }),
    );
    await page.context().close();
    expect(problems).toEqual([]);
  } finally {
    const restored = await api.patch(`/api/admin/points/rules/${comment.id}`, {
      data: { pointsAwarded: comment.pointsAwarded, isActive: comment.isActive, dailyCap: comment.dailyCap },
    });
    expect(restored.status()).toBe(200);
    await api.dispose();
  }
});
