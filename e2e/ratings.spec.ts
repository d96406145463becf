// /admin/ratings: three members rate each other's plates 5 stars through the API (a ring); an
// honest member rates one of those plates 2. The admin finds the ring on the page, opens its
// ratings, voids the two ring ratings of that plate with a reason, and the plate's average falls
// to the honest 2; the raters are told. The page checked with axe and photographed.
import { expect, test } from '@playwright/test';
import { apiAs, approvedPlate } from './api';
import { fourLooks } from './axe';
import { admin, createMember, type Member } from './members';
import { shot, signedInPage } from './pages';

type Post = { averageRating: number | string; ratingCount: number };

test('an admin finds a rating ring, voids its ratings of one plate, and the plate’s average changes', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ring: Member[] = [];
  for (const name of ['ringa', 'ringb', 'ringc']) ring.push(await createMember(request, name));
  const honest = await createMember(request, 'honest');
  const plates = new Map<Member, number[]>();
  for (const [i, cook] of ring.entries()) {
    const ids: number[] = [];
    for (let n = 1; n <= 3; n += 1) ids.push(await approvedPlate(cook, { title: `Ring ${'ABC'[i]}${n} ${stamp}` }));
    plates.set(cook, ids);
  }
  for (const rater of ring) {
    const api = await apiAs(rater);
    for (const cook of ring) {
      if (cook === rater) continue;
      for (const id of plates.get(cook)!) {
        const res = await api.post(`/api/posts/${id}/rate`, { data: { rating: 5 } });
        expect(res.status(), await res.text()).toBe(200);
      }
    }
    await api.dispose();
  }
  const target = plates.get(ring[0]!)![0]!;
  const honestApi = await apiAs(honest);
  expect((await honestApi.post(`/api/posts/${target}/rate`, { data: { rating: 2 } })).status()).toBe(200);
  await honestApi.dispose();
  const anyone = await apiAs(honest);
  const before = (await (await anyone.get(`/api/posts/${target}`)).json()) as Post;
  expect(before).toMatchObject({ ratingCount: 3 });
  expect(Number(before.averageRating)).toBeCloseTo(4, 1);

  const page = await signedInPage(browser, admin(), { viewport: { width: 1280, height: 800 } });
  await page.goto('/admin/ratings');
  await expect(page.getByRole('heading', { name: 'Ratings', level: 1 })).toBeVisible();
  const names = ring.map((m) => `@${m.username}`).join(', ');
  const card = page.getByRole('listitem', { name: `Ring of 3: ${names}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('row', { name: new RegExp(ring[0]!.username) })).toContainText('5.0 ★ (6)');

  await card.getByRole('button', { name: 'Show ratings' }).click();
  const onTarget = card.getByRole('list', { name: /^Ratings of/ }).getByRole('listitem').filter({ hasText: `Ring A1 ${stamp}` });
  await expect(onTarget).toHaveCount(2);
  for (const item of await onTarget.all()) await item.getByRole('checkbox').check();

  // The ring opened with two ratings ticked, in the four looks: axe and photographs.
  const problems = await fourLooks(
    page,
    'ratings',
    () => page.evaluate(() => window.scrollTo(0, 0)),
    (p, name) => shot(p, name, { photos: false }),
  );
  expect(problems).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Void selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void 2 ratings' });
  await expect(dialog).toContainText('on 1 plate will be removed');
  await dialog.getByLabel('Reason').fill('Ring members rating each other');
  await dialog.getByRole('button', { name: 'Void ratings' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/2 ratings voided on 1 plate; \d+ points taken back; 3 members told\./).first()).toBeVisible();
  // B and C no longer rated A's plates three times each: the ring is no longer found.
  await expect(card).toHaveCount(0);

  const after = (await (await anyone.get(`/api/posts/${target}`)).json()) as Post;
  expect(after).toMatchObject({ ratingCount: 1 });
  expect(Number(after.averageRating)).toBeCloseTo(2, 1);
  const raterApi = await apiAs(ring[1]!);
  const notes = (await (await raterApi.get('/api/notifications')).json()) as { notifications: { title: string; message: string }[] };
  expect(notes.notifications.find((n) => n.title === 'Ratings removed')?.message).toBe('1 of your ratings was removed and 5 points taken back: Ring members rating each other');
  await raterApi.dispose();
  await anyone.dispose();

  await page.context().close();
});
