import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, grantRole, makePost, makeSignedInUser, makeUser, signIn } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createRatingsRepository } from '../ratings/ratings.repository.js';
import { createModerationRepository } from './moderation.repository.js';
import { createModerationService } from './moderation.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('moderation: reports, strikes and appeals', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
  let mod: Awaited<ReturnType<typeof makeSignedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeSignedInUser(t.app, { isAdmin: true });
    mod = await makeSignedInUser(t.app);
    await grantRole(t.app, mod.user.id, 'moderator');
  });
  afterAll(async () => t?.close());

  /** The moderation service with a clock `ms` ahead (the timed-lift sweep). */
  const moderationIn = (ms: number) => {
    const db = t.app.services.database.db;
    return createModerationService({
      repo: createModerationRepository(db),
      held: { publish: async () => undefined, discard: async () => undefined },
      filters: { heldMatches: async () => new Map() },
      audit: createAudit(createAdminRepository(db)),
      notifications: createNotificationsService({ repo: createNotificationsRepository(db) }),
      templates: { queue: () => {}, queueMessage: () => {} },
      disconnectUser: () => {},
      eraseAccount: async () => undefined,
      appUrl: 'http://localhost:5000',
      logger: t.app.log,
      now: () => new Date(Date.now() + ms),
    });
  };
  const login = (username: string, password = DEFAULT_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const report = (headers: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/reports', headers, payload });
  const notificationsOf = async (headers: { authorization: string }) =>
    (await t.app.inject({ url: '/api/notifications', headers })).json<{ notifications: { type: string; message: string }[] }>()
      .notifications;

  it('groups reports by target, removes the plate with a strike, tells everyone, and an approved appeal brings it back', async () => {
    const { app, smtp } = t;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id, title: 'Questionable stew' });
    const reporters = [await makeSignedInUser(app), await makeSignedInUser(app), await makeSignedInUser(app)];
    for (const [i, r] of reporters.entries()) {
      expect((await report(r.headers, { targetType: 'post', targetId: post.id, reason: i ? 'spam' : 'offensive', details: `note ${i}` })).statusCode).toBe(201);
    }

    const queue = await app.inject({ url: '/api/admin/reports?status=pending', headers: mod.headers });
    expect(queue.statusCode).toBe(200);
    const group = queue.json().groups.find((g: { target: { id: number } }) => g.target.id === post.id);
    expect(group.reports).toHaveLength(3);
    expect(group.target).toMatchObject({ type: 'post', exists: true, post: { title: 'Questionable stew' }, owner: { id: cook.user.id } });
    expect(group.reports[0].reporter).toMatchObject({ id: reporters[0]!.user.id, reportsMade: 1, reportsUpheld: 0 });
    expect(group.ownerStrikes).toEqual([]);

    const resolved = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${group.reports[1].id}/resolve`,
      headers: mod.headers,
      payload: { action: 'remove_content', reason: 'Not a dish: please share food only.' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolved: 3, strike: { type: 'remove_content', targetLabel: 'Questionable stew', canAppeal: true } });

    // Gone for others, kept for its author, and the queue is empty of it.
    expect((await app.inject({ url: `/api/posts/${post.id}`, headers: reporters[0]!.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/posts/${post.id}`, headers: cook.headers })).json()).toMatchObject({ approvalStatus: 'rejected' });
    const after = (await app.inject({ url: '/api/admin/reports', headers: mod.headers })).json();
    expect(after.groups.some((g: { target: { id: number } }) => g.target.id === post.id)).toBe(false);
    const handled = (await app.inject({ url: '/api/admin/reports?status=resolved', headers: mod.headers })).json();
    expect(handled.groups.find((g: { target: { id: number } }) => g.target.id === post.id).outcome).toMatchObject({
      action: 'remove_content',
      reason: 'Not a dish: please share food only.',
    });

    // Every reporter is told once; the member is told in the app and by mail.
    for (const r of reporters) {
      const outcome = (await notificationsOf(r.headers)).filter((n) => n.type === 'report_outcome');
      expect(outcome).toHaveLength(1);
      expect(outcome[0]!.message).toBe('Thanks for your report of the plate "Questionable stew". A moderator reviewed it and took action.');
    }
    const told = (await notificationsOf(cook.headers)).find((n) => n.type === 'moderation');
    expect(told?.message).toContain('A moderator removed your plate "Questionable stew": Not a dish: please share food only.');
    const mail = await smtp.waitFor(cook.user.email, /moderators/);
    expect(mail.body).toContain('Not a dish: please share food only.');

    // The audit row of the action.
    const audit = (await app.inject({ url: `/api/admin/audit?targetType=post&targetId=${post.id}`, headers: mod.headers })).json();
    expect(audit.entries[0]).toMatchObject({ action: 'report_remove_content', adminRole: 'moderator', targetLabel: 'Questionable stew' });

    // The member sees the strike and appeals, once.
    const strikes = (await app.inject({ url: '/api/user/strikes', headers: cook.headers })).json().strikes;
    expect(strikes).toHaveLength(1);
    const appeal = await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strikes[0].id}/appeal`,
      headers: cook.headers,
      payload: { text: 'It is a stew, photographed in low light. Please look again.' },
    });
    expect(appeal.statusCode).toBe(200);
    expect(appeal.json()).toMatchObject({ appeal: { status: 'pending' }, canAppeal: false });
    const again = await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strikes[0].id}/appeal`,
      headers: cook.headers,
      payload: { text: 'Second try at the same appeal.' },
    });
    expect(again.statusCode).toBe(409);

    // Moderators without manage_appeals cannot decide; an admin can.
    expect((await app.inject({ url: '/api/admin/appeals', headers: mod.headers })).statusCode).toBe(403);
    const appeals = (await app.inject({ url: '/api/admin/appeals', headers: admin.headers })).json().appeals;
    expect(appeals.find((a: { id: number }) => a.id === strikes[0].id)).toMatchObject({ member: { id: cook.user.id } });
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${strikes[0].id}/approve`,
      headers: admin.headers,
      payload: { reason: 'Fair point, it is food.' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ isActive: false, appeal: { status: 'approved' } });
    expect((await app.inject({ url: `/api/posts/${post.id}`, headers: reporters[0]!.headers })).statusCode).toBe(200);
    const back = (await notificationsOf(cook.headers)).find((n) => n.message.startsWith('Your appeal was approved'));
    expect(back?.message).toBe('Your appeal was approved and the strike was lifted: your plate "Questionable stew" is back. Fair point, it is food.');
    const decided = await app.inject({ method: 'POST', url: `/api/admin/appeals/${strikes[0].id}/reject`, headers: admin.headers, payload: {} });
    expect(decided.statusCode).toBe(409);
  });

  it('suspends: sessions end, sign-in is refused with the reason, plates disappear, and the end lifts it', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id });
    const viewer = await makeSignedInUser(app);
    await report(viewer.headers, { targetType: 'user', targetId: cook.user.id, reason: 'harassment' });
    const queue = (await app.inject({ url: '/api/admin/reports', headers: mod.headers })).json();
    const group = queue.groups.find((g: { target: { type: string; id: number } }) => g.target.type === 'user' && g.target.id === cook.user.id);
    expect(group.target.owner).toMatchObject({ id: cook.user.id, accountStatus: 'active' });

    const removeOnUser = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${group.id}/resolve`,
      headers: mod.headers,
      payload: { action: 'remove_content', reason: 'x' },
    });
    expect(removeOnUser.statusCode).toBe(400);

    const suspended = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${group.id}/resolve`,
      headers: mod.headers,
      payload: { action: 'suspend', reason: 'Repeated harassment in chat', days: 3 },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: cook.headers })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: cook.user.username, password: 'correct-horse-battery' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(login.json().message).toMatch(/^Your account is suspended until \d{1,2} \w{3} \d{4}\. Reason: Repeated harassment in chat$/);
    expect((await app.inject({ url: `/api/posts/${post.id}`, headers: viewer.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/users/${cook.user.id}`, headers: viewer.headers })).statusCode).toBe(404);

    // The sweep, run with a clock four days on, lifts it and tells the member.
    expect(await moderationIn(4 * DAY_MS).liftExpired()).toBeGreaterThanOrEqual(1);
    const back = await signIn(app, cook.user.username);
    expect((await app.inject({ url: `/api/posts/${post.id}`, headers: viewer.headers })).statusCode).toBe(200);
    const told = (await notificationsOf({ authorization: back.authorization })).find((n) => n.message === 'Your suspension has ended. Welcome back.');
    expect(told).toBeDefined();
  });

  it('lifts an ended suspension at sign-in, before the sweep', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${cook.user.id}/actions`,
      headers: admin.headers,
      payload: { action: 'suspend', reason: 'Cooling off', days: 1 },
    });
    expect(res.statusCode).toBe(200);
    const db = app.services.database.db;
    await db.execute(sql`update user_warnings set expires_at = now() - interval '1 minute' where user_id = ${cook.user.id}`);
    await db.execute(sql`update users set suspended_until = now() - interval '1 minute' where id = ${cook.user.id}`);
    const { authorization } = await signIn(app, cook.user.username);
    expect((await app.inject({ url: '/api/user/strikes', headers: { authorization } })).json().strikes[0]).toMatchObject({
      type: 'suspend',
      isActive: false,
    });
  });

  it('acts on members from the admin area: warn, restrict, sign out, unsuspend, verify, each audited', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const act = (payload: object, headers = admin.headers) =>
      app.inject({ method: 'POST', url: `/api/admin/users/${cook.user.id}/actions`, headers, payload });

    expect((await act({ action: 'warn', reason: 'Be kind in comments' }, mod.headers)).statusCode).toBe(403); // no manage_users
    expect((await act({ action: 'warn', reason: 'Be kind in comments' })).json()).toMatchObject({ strike: { type: 'warn' } });
    expect((await act({ action: 'restrict', reason: 'Spam wave', days: 7 })).json()).toMatchObject({ strike: { type: 'restrict' } });
    const [row] = (
      await app.services.database.db.execute<{ restricted_at: string | null; restricted_until: string | null }>(
        sql`select restricted_at, restricted_until from users where id = ${cook.user.id}`,
      )
    ).rows;
    expect(row!.restricted_at).not.toBeNull();
    expect(row!.restricted_until).not.toBeNull();

    expect((await act({ action: 'sign_out', reason: 'Lost phone' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: cook.headers })).statusCode).toBe(401);
    const again = await signIn(app, cook.user.username);
    expect((await notificationsOf({ authorization: again.authorization })).map((n) => n.message)).toContain(
      'A moderator signed your account out on every device: Lost phone',
    );
    expect((await act({ action: 'unsuspend', reason: 'Not suspended' })).statusCode).toBe(409);

    expect((await act({ action: 'verify', reason: 'Well-known chef' })).statusCode).toBe(400);
    expect((await act({ action: 'verify', reason: 'Well-known chef', verifiedType: 'gold' })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/users/${cook.user.id}` })).json()).toMatchObject({ isVerified: true, verifiedType: 'gold' });
    expect((await act({ action: 'unverify', reason: 'Impersonation' })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/users/${cook.user.id}` })).json()).toMatchObject({ isVerified: false });

    const audit = (await app.inject({ url: `/api/admin/audit?targetType=user&targetId=${cook.user.id}`, headers: admin.headers })).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual([
      'user_unverify',
      'user_verify',
      'user_sign_out',
      'user_restrict',
      'user_warn',
    ]);
    const other = await makeUser(app, { isAdmin: true });
    const onAdmin = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${other.id}/actions`,
      headers: admin.headers,
      payload: { action: 'warn', reason: 'x' },
    });
    expect(onAdmin.statusCode).toBe(403);
  });

  it('reports a comment, removes it (the plate counts one fewer) and brings it back on appeal', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id, title: 'Ramen' });
    const troll = await makeSignedInUser(app);
    await app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: troll.headers, payload: { comment: 'You all have no taste' } });
    const [comment] = (await app.inject({ url: `/api/posts/${post.id}/comments` })).json().comments;

    const own = await report(troll.headers, { targetType: 'comment', targetId: comment.id, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    const badReason = await report(cook.headers, { targetType: 'comment', targetId: comment.id, reason: 'fake' });
    expect(badReason.statusCode).toBe(400);
    const filed = await report(cook.headers, { targetType: 'comment', targetId: comment.id, reason: 'offensive' });
    expect(filed.statusCode).toBe(201);

    const group = (await app.inject({ url: '/api/admin/reports', headers: mod.headers }))
      .json()
      .groups.find((g: { target: { type: string; id: number } }) => g.target.type === 'comment' && g.target.id === comment.id);
    expect(group.target).toMatchObject({
      label: 'the comment "You all have no taste"',
      comment: { text: 'You all have no taste', postId: post.id, postTitle: 'Ramen', removed: false },
      owner: { id: troll.user.id },
    });
    const removed = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${filed.json().id}/resolve`,
      headers: mod.headers,
      payload: { action: 'remove_content', reason: 'Be kind' },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().strike.notice).toContain('A moderator removed your comment "You all have no taste": Be kind');
    expect((await app.inject({ url: `/api/posts/${post.id}/comments`, headers: troll.headers })).json().comments).toEqual([]);
    expect((await app.inject({ url: `/api/posts/${post.id}` })).json().commentCount).toBe(0);

    const strikeId = removed.json().strike.id;
    await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strikeId}/appeal`,
      headers: troll.headers,
      payload: { text: 'It was a joke between friends, honestly.' },
    });
    expect((await app.inject({ method: 'POST', url: `/api/admin/appeals/${strikeId}/approve`, headers: admin.headers, payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/posts/${post.id}/comments` })).json().comments.map((c: { id: number }) => c.id)).toEqual([comment.id]);
    expect((await app.inject({ url: `/api/posts/${post.id}` })).json().commentCount).toBe(1);
  });

  it('refuses a second resolution, appeals of others and appeals after 20 days', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id });
    const reporter = await makeSignedInUser(app);
    const { id } = (await report(reporter.headers, { targetType: 'post', targetId: post.id, reason: 'spam' })).json();
    const resolve = () =>
      app.inject({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, headers: mod.headers, payload: { action: 'warn', reason: 'Spam' } });
    expect((await resolve()).statusCode).toBe(200);
    expect((await resolve()).statusCode).toBe(409);
    const [strike] = (await app.inject({ url: '/api/user/strikes', headers: cook.headers })).json().strikes;
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strike.id}/appeal`,
      headers: reporter.headers,
      payload: { text: 'Not my strike to appeal at all.' },
    });
    expect(stranger.statusCode).toBe(404);
    await app.services.database.db.execute(sql`update user_warnings set created_at = now() - interval '21 days' where id = ${strike.id}`);
    const late = await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strike.id}/appeal`,
      headers: cook.headers,
      payload: { text: 'Appealing after three weeks.' },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('Strikes can be appealed within 20 days.');
  });
  it("takes a suspended member's stars, comments, hearts, likes and saves out of others' figures, and back on every way it ends", async () => {
    const { app } = t;
    const db = app.services.database.db;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id });
    const critic = await makeSignedInUser(app);
    const fan = await makeSignedInUser(app);
    const rate = (who: { headers: { authorization: string } }, payload: object) =>
      app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: who.headers, payload });
    expect((await rate(fan, { rating: 1, comment: 'Too salty for me' })).statusCode).toBe(200);
    expect((await rate(critic, { rating: 5, comment: 'Best ramen in town' })).statusCode).toBe(200);
    const fanComment = (await app.inject({ url: `/api/posts/${post.id}/comments` })).json().comments.find(
      (c: { user: { id: number } }) => c.user.id === fan.user.id,
    );
    expect((await app.inject({ method: 'POST', url: `/api/comments/${fanComment.id}/hearts`, headers: critic.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/posts/${post.id}/saves`, headers: critic.headers })).statusCode).toBeLessThan(300);
    await db.execute(sql`insert into likes (post_id, user_id) values (${post.id}, ${critic.user.id})`);

    const figures = async () => {
      const plate = (await app.inject({ url: `/api/posts/${post.id}`, headers: cook.headers })).json();
      const comments = (await app.inject({ url: `/api/posts/${post.id}/comments`, headers: cook.headers })).json().comments;
      const [stored] = (await db.execute<{ save_count: number }>(sql`select save_count from posts where id = ${post.id}`)).rows;
      return {
        averageRating: plate.averageRating,
        ratingCount: plate.ratingCount,
        commentCount: plate.commentCount,
        likeCount: plate.likeCount,
        saveCount: stored!.save_count,
        fanHearts: comments.find((c: { id: number }) => c.id === fanComment.id).heartCount,
      };
    };
    const counted = { averageRating: 3, ratingCount: 2, commentCount: 2, likeCount: 1, saveCount: 1, fanHearts: 1 };
    const left = { averageRating: 1, ratingCount: 1, commentCount: 1, likeCount: 0, saveCount: 0, fanHearts: 0 };
    expect(await figures()).toEqual(counted);
    // The rows are kept: what the stored counters say is what the rows of active members add up to.
    const matchesRows = async () => {
      const aggregate = await createRatingsRepository(db).aggregate(post.id);
      const plate = (await app.inject({ url: `/api/posts/${post.id}`, headers: cook.headers })).json();
      expect({ ratingCount: plate.ratingCount, commentCount: plate.commentCount }).toEqual({
        ratingCount: aggregate.ratingCount,
        commentCount: aggregate.commentCount,
      });
    };
    const act = (payload: object) =>
      app.inject({ method: 'POST', url: `/api/admin/users/${critic.user.id}/actions`, headers: admin.headers, payload });
    const suspend = async (days?: number) => {
      const res = await act({ action: 'suspend', reason: 'Review bombing', ...(days ? { days } : {}) });
      expect(res.statusCode).toBe(200);
      expect(await figures()).toEqual(left);
      await matchesRows();
      return res.json().strike.id as number;
    };

    // 1. An admin lifts it.
    await suspend();
    expect((await act({ action: 'unsuspend', reason: 'Talked it through' })).statusCode).toBe(200);
    expect(await figures()).toEqual(counted);

    // 2. An approved appeal, sent with the pass the refused sign-in answered.
    const strikeId = await suspend();
    const refused = await login(critic.user.username);
    const pass = { authorization: `Appeal ${refused.json().appealToken}` };
    const appealed = await app.inject({
      method: 'POST',
      url: `/api/user/strikes/${strikeId}/appeal`,
      headers: pass,
      payload: { text: 'I really loved the ramen, honestly.' },
    });
    expect(appealed.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/admin/appeals/${strikeId}/approve`, headers: admin.headers, payload: {} })).statusCode).toBe(200);
    expect(await figures()).toEqual(counted);

    // 3. The timed lift (the sweep, with a clock two days on).
    await suspend(1);
    expect(await moderationIn(2 * DAY_MS).liftExpired()).toBeGreaterThanOrEqual(1);
    expect(await figures()).toEqual(counted);

    // 4. Signing in after the end, before the sweep.
    await suspend(1);
    await db.execute(sql`update user_warnings set expires_at = now() - interval '1 minute' where user_id = ${critic.user.id} and is_active`);
    const back = await signIn(app, critic.user.username);
    expect(await figures()).toEqual(counted);

    // Deactivating is the same: out while deactivated, back on signing in again.
    expect((await app.inject({ method: 'PUT', url: '/api/user/account-status', headers: { authorization: back.authorization }, payload: { accountStatus: 'deactivated' } })).statusCode).toBe(200);
    expect(await figures()).toEqual(left);
    await signIn(app, critic.user.username);
    expect(await figures()).toEqual(counted);
    await matchesRows();
  });

  it('answers a suspended member an appeal pass, taken by their two strike routes only', async () => {
    const { app, smtp } = t;
    const cook = await makeSignedInUser(app);
    const suspended = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${cook.user.id}/actions`,
      headers: admin.headers,
      payload: { action: 'suspend', reason: 'Spam in every comment', days: 7 },
    });
    const strikeId = suspended.json().strike.id;

    // The mail sends them to the sign-in page, where the appeal is, not to Settings.
    const mail = await smtp.waitFor(cook.user.email, /moderators/);
    expect(mail.body).toContain('Spam in every comment');
    expect(mail.body).toContain('you can appeal within 20 days: sign in on the sign-in page and choose Appeal.');
    expect(mail.body).toContain('Sign in to appeal: http://localhost:5000/auth');
    expect(mail.body).not.toContain('tab=settings');

    // A wrong password gets no pass.
    const wrong = await login(cook.user.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().appealToken).toBeUndefined();
    const right = await login(cook.user.username);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', appealToken: expect.stringMatching(/^\S{20,}$/) });
    const pass = { authorization: `Appeal ${right.json().appealToken}` };

    // Its two routes take it; nothing else does.
    const strikes = await app.inject({ url: '/api/user/strikes', headers: pass });
    expect(strikes.statusCode).toBe(200);
    expect(strikes.json().strikes).toEqual([expect.objectContaining({ id: strikeId, type: 'suspend', canAppeal: true })]);
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/notifications'],
      ['PUT', '/api/user/account-status'],
      ['GET', '/api/admin/appeals'],
    ] as const) {
      expect((await app.inject({ method, url, headers: pass, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(401);
    }
    const appeal = (headers: { authorization: string }, text = 'The comments were recipes, not spam. Please look again.') =>
      app.inject({ method: 'POST', url: `/api/user/strikes/${strikeId}/appeal`, headers, payload: { text } });
    expect((await appeal(pass)).statusCode).toBe(200);
    // One appeal per strike still holds.
    expect((await appeal(pass, 'A second try at the same appeal.')).statusCode).toBe(409);
    // Still suspended: the pass opens no session.
    expect((await app.inject({ url: '/api/user', headers: pass })).statusCode).toBe(401);

    // A new sign-in replaces the pass; a pass past its 30 minutes is refused.
    const newer = { authorization: `Appeal ${(await login(cook.user.username)).json().appealToken}` };
    expect((await app.inject({ url: '/api/user/strikes', headers: pass })).statusCode).toBe(401);
    await app.services.database.db.execute(
      sql`update appeal_passes set expires_at = now() - interval '1 second' where user_id = ${cook.user.id}`,
    );
    const expired = await app.inject({ url: '/api/user/strikes', headers: newer });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your appeal pass has expired. Sign in again to appeal.');
  });
});
