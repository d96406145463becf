import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, userBlocks, userVerifications } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const viewerOf = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });

describe('getPost: who may see a plate', () => {
  it('answers an approved plate to anyone, with author, badge, categories and counts', async () => {
    const author = await makeUser(t.app, { displayName: 'Ada' });
    await t.app.services.database.db.insert(userVerifications).values({ userId: author.id, verifiedType: 'gold' });
    const post = await makePost(t.app, { userId: author.id, ratingCount: 4, ratingSum: 18, commentCount: 2, categoryIds: [1, 4] });
    const dto = await t.app.services.posts.getPost(post.id, null);
    expect(dto).toMatchObject({
      id: post.id,
      userId: author.id,
      title: post.title,
      averageRating: 4.5,
      ratingCount: 4,
      commentCount: 2,
      likeCount: 0,
      isSaved: false,
      userRating: null,
      approvalStatus: 'approved',
      imageUrl: post.imageUrl,
      user: { id: author.id, username: author.username, displayName: 'Ada', isVerified: true, verifiedType: 'gold' },
    });
    expect(dto.categories.map((c) => c.name).sort()).toEqual(['Indian', 'Italian']);
    expect(dto.image.variants.map((v) => v.width)).toEqual([320, 640, 1080]);
    expect(dto.image).toMatchObject({ width: 1080, height: 1080, aspect: 'square' });
    expect(JSON.stringify(dto)).not.toContain('@example.test');
  });

  it('shows pending and rejected plates only to their owner and admins', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    for (const approvalStatus of ['pending', 'rejected'] as const) {
      const post = await makePost(t.app, { userId: owner.id, approvalStatus });
      await expect(t.app.services.posts.getPost(post.id, null)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
      await expect(t.app.services.posts.getPost(post.id, viewerOf(other))).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect((await t.app.services.posts.getPost(post.id, viewerOf(owner))).approvalStatus).toBe(approvalStatus);
      expect((await t.app.services.posts.getPost(post.id, viewerOf(admin))).approvalStatus).toBe(approvalStatus);
    }
    await expect(t.app.services.posts.getPost(2_000_000_000, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides plates across a block, in both directions', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const post = await makePost(t.app, { userId: a.id });
    await t.app.services.database.db.insert(userBlocks).values({ blockerId: b.id, blockedId: a.id });
    await expect(t.app.services.posts.getPost(post.id, viewerOf(b))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const bPost = await makePost(t.app, { userId: b.id });
    await expect(t.app.services.posts.getPost(bPost.id, viewerOf(a))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.services.posts.getPost(post.id, null)).id).toBe(post.id);
  });

  it('shows plates of private users only to accepted followers, the owner and admins', async () => {
    const priv = await makeUser(t.app, { isPrivate: true });
    const accepted = await makeUser(t.app);
    const pending = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    const post = await makePost(t.app, { userId: priv.id });
    await t.app.services.database.db.insert(follows).values([
      { followerId: accepted.id, followingId: priv.id, status: 'accepted' },
      { followerId: pending.id, followingId: priv.id, status: 'pending' },
    ]);
    await expect(t.app.services.posts.getPost(post.id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.app.services.posts.getPost(post.id, viewerOf(pending))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.services.posts.getPost(post.id, viewerOf(accepted))).id).toBe(post.id);
    expect((await t.app.services.posts.getPost(post.id, viewerOf(priv))).id).toBe(post.id);
    expect((await t.app.services.posts.getPost(post.id, viewerOf(admin))).id).toBe(post.id);
  });

  it('hides plates of deactivated accounts from everyone but the owner and admins', async () => {
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    const post = await makePost(t.app, { userId: gone.id });
    await expect(t.app.services.posts.getPost(post.id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.services.posts.getPost(post.id, viewerOf(gone))).id).toBe(post.id);
  });
});
