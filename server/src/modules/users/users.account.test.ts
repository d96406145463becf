import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type FeedResponse, type SessionUser, type UserListResponse } from '@plates/common';
import {
  commentReplies,
  follows,
  notifications,
  posts,
  ratings,
  sessions,
  users,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn, verifyUser, DEFAULT_PASSWORD } from '../../test/factories.js';
import { multipartBody, multipartBodyWithBoundary, type FormPart } from '../../test/multipart.js';
import { SVG_PLAIN, TEXT_FILE, sized } from '../../test/media.fixtures.js';
import { MEDIA_MESSAGES } from '../media/media.messages.js';
import { usersHarness } from '../../test/users.fixtures.js';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await sized(600, 450);
});
afterAll(async () => {
  await t?.close();
});

const { db, inject, cook, follow } = usersHarness(() => t);

async function putProfile(parts: FormPart[], headers: Record<string, string>, app = t.app) {
  const body = await multipartBody(parts);
  return app.inject({ method: 'PUT', url: '/api/user/profile', payload: body.payload, headers: { ...body.headers, ...headers } });
}
const photo = (bytes: Buffer = png, type = 'image/png'): FormPart => ['profileImage', { bytes, filename: 'me.png', type }];
const storage = () => t.app.services.storage;
const stored = async (url: string | null) => {
  const key = url ? storage().keyFromUrl(url) : undefined;
  return key ? storage().exists(key) : false;
};
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('PUT /api/user/profile', () => {
  it('changes text fields and settings and answers the session user (the same as GET /api/user, with the own badge)', async () => {
    const me = await cook({ bio: 'old bio', location: 'Lyon' });
    await verifyUser(t.app, me.user.id, 'gold');
    const res = await putProfile(
      [['displayName', '  Ada L.  '], ['bio', ''], ['location', 'Paris'], ['chatEnabled', 'false'], ['isPrivate', 'true']],
      me.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SessionUser>();
    expect(answer).toMatchObject({
      id: me.user.id,
      displayName: 'Ada L.',
      bio: null,
      location: 'Paris',
      chatEnabled: false,
      isPrivate: true,
      email: me.user.email,
      isVerified: true,
      verifiedType: 'gold',
    });
    expect((await inject('GET', '/api/user', me.headers)).json()).toEqual(answer);
    expect((await userRow(me.user.id))?.displayNameUpdatedAt).toBeInstanceOf(Date);
    // absent fields stay as they are
    const again = await putProfile([['bio', 'new bio']], me.headers);
    expect(again.json()).toMatchObject({ displayName: 'Ada L.', bio: 'new bio', location: 'Paris', isPrivate: true });
  });

  it('refuses bad fields with 400 and the field, guests with 401, JSON with 415', async () => {
    const me = await cook();
    const cases: Array<[FormPart[], string, string]> = [
      [[['bio', 'x'.repeat(LIMITS.bioMax + 1)]], 'bio', `Bio cannot exceed ${LIMITS.bioMax} characters`],
      [[['displayName', 'x'.repeat(LIMITS.displayNameMax + 1)]], 'displayName', `Display name cannot exceed ${LIMITS.displayNameMax} characters`],
      [[['chatEnabled', 'yes']], 'chatEnabled', "chatEnabled must be 'true' or 'false'"],
    ];
    for (const [parts, field, message] of cases) {
      const res = await putProfile(parts, me.headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field, message });
    }
    expect((await putProfile([['bio', 'hi']], {})).statusCode).toBe(401);
    const json = await inject('PUT', '/api/user/profile', me.headers, { bio: 'hi' });
    expect(json.statusCode).toBe(415);
    expect((await userRow(me.user.id))?.bio).toBeNull();
  });

  it('stores a new photo as avatar renditions, replaces it (old files go) and removes it', async () => {
    const me = await cook();
    const first = await putProfile([photo()], me.headers);
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json<SessionUser>().profileImage;
    expect(firstUrl).toMatch(/avatars\/[0-9a-f]{64}-400\.webp$/);
    expect(await stored(firstUrl)).toBe(true);

    const second = await putProfile([photo(await sized(300, 300, 'jpeg'), 'image/jpeg')], me.headers);
    const secondUrl = second.json<SessionUser>().profileImage;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stored(secondUrl)).toBe(true);
    expect(await stored(firstUrl)).toBe(false);
    const small = firstUrl!.replace(/-400\.webp$/, '-64.webp');
    expect(await storage().exists(storage().keyFromUrl(small)!)).toBe(false);

    const removed = await putProfile([['removeProfileImage', 'true']], me.headers);
    expect(removed.json<SessionUser>().profileImage).toBeNull();
    expect(await stored(secondUrl)).toBe(false);
  });

  it('refuses bad images with the plate upload messages and keeps the old photo', async () => {
    const me = await cook();
    const cases: Array<[FormPart, number, string, string]> = [
      [photo(SVG_PLAIN, 'image/svg+xml'), 400, 'INVALID_FILE_TYPE', 'SVG not allowed'],
      [photo(TEXT_FILE, 'image/png'), 400, 'INVALID_FILE_TYPE', 'Invalid file type. Please upload a JPG, PNG, GIF, WebP, HEIC, BMP or TIFF image.'],
      [photo(Buffer.alloc(LIMITS.uploadBytes + 1, 1), 'image/png'), 413, 'FILE_TOO_LARGE', 'File too large. The maximum size is 5MB.'],
    ];
    for (const [part, status, code, message] of cases) {
      const res = await putProfile([['bio', 'should not stick'], part], me.headers);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, message });
    }
    expect((await userRow(me.user.id))?.bio).toBeNull();
  });

  it('refuses a broken form with 400, not 500: a 300-character boundary, the photo under another name', async () => {
    const me = await cook();
    const longBoundary = await multipartBodyWithBoundary([['bio', 'should not stick'], photo()], 'a'.repeat(300));
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload: longBoundary.payload,
      headers: { ...longBoundary.headers, ...me.headers },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: MEDIA_MESSAGES.malformedForm });

    const elsewhere = await putProfile([['bio', 'should not stick'], ['image', { bytes: png, filename: 'me.png', type: 'image/png' }]], me.headers);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid request: send the image as the form field "profileImage".',
      field: 'profileImage',
    });
    expect(await userRow(me.user.id)).toMatchObject({ bio: null, profileImage: null });
  });

  it('accepts every pending request when a private account turns public, with points and notifications', async () => {
    const me = await cook({ isPrivate: true, displayName: 'Mo' });
    const a = await cook();
    const b = await cook();
    await inject('POST', `/api/users/${me.user.id}/follow`, a.headers);
    await inject('POST', `/api/users/${me.user.id}/follow`, b.headers);
    const res = await putProfile([['isPrivate', 'false']], me.headers);
    expect(res.json()).toMatchObject({ isPrivate: false });
    const rows = await db().select().from(follows).where(eq(follows.followingId, me.user.id));
    expect(rows.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    for (const asker of [a, b]) {
      const told = await db().select().from(notifications).where(eq(notifications.userId, asker.user.id));
      expect(told.map((n) => [n.type, n.message])).toEqual([['follow_accepted', 'Mo accepted your follow request']]);
    }
    expect((await userRow(me.user.id))?.points).toBe(40);
    expect((await inject('GET', '/api/user/follow-requests', me.headers)).json<UserListResponse>().users).toEqual([]);
  });

  it('counts photo uploads against the upload limit, text-only changes not', async () => {
    const limitedApp = await buildTestApp({ rateLimits: { uploadsPerUser: 1 } });
    try {
      const me = await makeUser(limitedApp.app);
      const headers = { authorization: (await signIn(limitedApp.app, me.username)).authorization };
      expect((await putProfile([photo()], headers, limitedApp.app)).statusCode).toBe(200);
      const refused = await putProfile([photo()], headers, limitedApp.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many uploads. Please try again later.' });
      expect((await putProfile([['bio', 'still fine']], headers, limitedApp.app)).statusCode).toBe(200);
    } finally {
      await limitedApp.close();
    }
  });
});

describe('PUT /api/user/account-status', () => {
  it('deactivates: signed out everywhere, hidden from others; signing in again reactivates', async () => {
    const me = await cook();
    const otherSession = await signIn(t.app, me.user.username);
    const viewer = await cook();
    const admin = await cook({ isAdmin: true });
    const fan = await cook();
    await follow(fan.user.id, me.user.id);
    await follow(me.user.id, fan.user.id);
    const post = await makePost(t.app, { userId: me.user.id });

    const res = await inject('PUT', '/api/user/account-status', me.headers, { accountStatus: 'deactivated' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deactivated' });
    expect(res.headers['set-cookie']).toMatch(/plates_session=;/);
    expect((await userRow(me.user.id))?.accountStatus).toBe('deactivated');
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user.id))).toEqual([]);
    expect((await inject('GET', '/api/user', me.headers)).statusCode).toBe(401);
    expect((await inject('GET', '/api/user', { authorization: otherSession.authorization })).statusCode).toBe(401);

    expect((await inject('GET', `/api/users/${me.user.id}`, viewer.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/users/${me.user.id}`, admin.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/api/posts/${post.id}`, viewer.headers)).statusCode).toBe(404);
    const feed = (await inject('GET', '/api/posts?limit=50', viewer.headers)).json<FeedResponse>();
    expect(feed.posts.map((p) => p.id)).not.toContain(post.id);
    const fanFollowers = (await inject('GET', `/api/users/${fan.user.id}/followers`, viewer.headers)).json<UserListResponse>();
    expect(fanFollowers.users.map((u) => u.id)).not.toContain(me.user.id);
    expect((await inject('GET', `/api/users/${fan.user.id}`, viewer.headers)).json()).toMatchObject({ followerCount: 0, followingCount: 0 });

    const back = await signIn(t.app, me.user.username);
    expect((await userRow(me.user.id))?.accountStatus).toBe('active');
    expect((await inject('GET', `/api/users/${me.user.id}`, viewer.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/api/posts/${post.id}`, viewer.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/user', { authorization: back.authorization })).statusCode).toBe(200);
  });

  it('takes only deactivated, and only from a signed-in user', async () => {
    const me = await cook();
    const bad = await inject('PUT', '/api/user/account-status', me.headers, { accountStatus: 'active' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'accountStatus' });
    expect((await inject('PUT', '/api/user/account-status', {}, { accountStatus: 'deactivated' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/user/account', () => {
  it('deletes everything of the account in one go, fixes other people counters, deletes files, frees the names', async () => {
    const victim = await cook({ displayName: 'Vic' });
    const owner = await cook();
    const other = await cook();
    const plate = await makePost(t.app, { userId: owner.user.id });

    // on someone else's plate: a star rating with a comment, a save, hearts and replies
    await inject('POST', `/api/posts/${plate.id}/rate`, victim.headers, { rating: 5, comment: 'wow' });
    await inject('POST', `/api/posts/${plate.id}/rate`, other.headers, { rating: 3, comment: 'ok' });
    await inject('POST', `/api/posts/${plate.id}/saves`, victim.headers);
    await inject('POST', `/api/posts/${plate.id}/saves`, other.headers);
    const [otherComment] = await db().select().from(ratings).where(and(eq(ratings.postId, plate.id), eq(ratings.userId, other.user.id)));
    await inject('POST', `/api/comments/${otherComment!.id}/hearts`, victim.headers);
    await inject('POST', `/api/comments/${otherComment!.id}/hearts`, owner.headers);
    await inject('POST', `/api/comments/${otherComment!.id}/replies`, victim.headers, { content: 'agreed' });
    const ownReply = (await inject('POST', `/api/comments/${otherComment!.id}/replies`, other.headers, { content: 'thanks' })).json<{ id: number }>();
    await inject('POST', `/api/replies/${ownReply.id}/hearts`, victim.headers);
    await follow(other.user.id, victim.user.id);
    await follow(victim.user.id, other.user.id);
    const pointsBefore = (await userRow(owner.user.id))!.points;

    // the victim's own plate (through the upload, so it has files) and avatar
    const body = await multipartBody([['title', 'My last plate'], ['image', { bytes: png, filename: 'p.png', type: 'image/png' }]]);
    const created = await t.app.inject({ method: 'POST', url: '/api/posts', payload: body.payload, headers: { ...body.headers, ...victim.headers } });
    expect(created.statusCode, created.body).toBe(201);
    const ownPlate = created.json<{ id: number; imageUrl: string }>();
    const avatar = (await putProfile([photo(await sized(200, 200))], victim.headers)).json<SessionUser>().profileImage;
    expect(await stored(ownPlate.imageUrl)).toBe(true);
    expect(await stored(avatar)).toBe(true);

    const before = (await db().select().from(posts).where(eq(posts.id, plate.id)))[0]!;
    expect(before).toMatchObject({ ratingCount: 2, ratingSum: 8, commentCount: 2, saveCount: 2 });

    const res = await inject('DELETE', '/api/user/account', victim.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect(res.headers['set-cookie']).toMatch(/plates_session=;/);

    expect(await userRow(victim.user.id)).toBeUndefined();
    expect(await db().select().from(posts).where(eq(posts.userId, victim.user.id))).toEqual([]);
    const after = (await db().select().from(posts).where(eq(posts.id, plate.id)))[0]!;
    expect(after).toMatchObject({ ratingCount: 1, ratingSum: 3, commentCount: 1, saveCount: 1 });
    expect(after.updatedAt).toEqual(before.updatedAt);
    const comment = (await db().select().from(ratings).where(eq(ratings.id, otherComment!.id)))[0]!;
    expect(comment).toMatchObject({ heartCount: 1, replyCount: 1 });
    const reply = (await db().select().from(commentReplies).where(eq(commentReplies.id, ownReply.id)))[0]!;
    expect(reply.heartCount).toBe(0);
    expect(await db().select().from(follows).where(eq(follows.followingId, victim.user.id))).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.actorId, victim.user.id))).toEqual([]);
    // points earned from the deleted account stay
    expect((await userRow(owner.user.id))!.points).toBe(pointsBefore);
    expect(await stored(ownPlate.imageUrl)).toBe(false);
    expect(await stored(avatar)).toBe(false);

    // signed out, gone for everyone, and the names are free again
    expect((await inject('GET', '/api/user', victim.headers)).statusCode).toBe(401);
    expect((await inject('GET', `/api/users/${victim.user.id}`, owner.headers)).statusCode).toBe(404);
    const comments = (await inject('GET', `/api/posts/${plate.id}/comments`)).json<{ comments: Array<{ comment: string; replies: unknown[] }> }>();
    expect(comments.comments.map((c) => c.comment)).toEqual(['ok']);
    expect(comments.comments[0]!.replies).toHaveLength(1);
    const again = await inject('POST', '/api/register', {}, { username: victim.user.username, email: victim.user.email, password: DEFAULT_PASSWORD });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses to delete the only admin account, and allows it once there is another', async () => {
    const admin = await cook({ isAdmin: true });
    // earlier tests made admins: this one needs to be the only one
    await db().update(users).set({ isAdmin: false }).where(ne(users.id, admin.user.id));
    const refused = await inject('DELETE', '/api/user/account', admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: 'The only admin account cannot be deleted. Make another user an admin first.' });
    expect(await userRow(admin.user.id)).toBeDefined();
    await makeUser(t.app, { isAdmin: true });
    expect((await inject('DELETE', '/api/user/account', admin.headers)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await inject('DELETE', '/api/user/account')).statusCode).toBe(401);
  });
});
