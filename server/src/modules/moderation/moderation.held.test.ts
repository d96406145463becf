import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../../test/factories.js';

type Headers = { authorization: string };

describe("a restricted member's comments, replies and chat requests wait for review", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeSignedInUser(t.app, { isAdmin: true });
  });
  afterAll(async () => t?.close());

  const comments = async (postId: number, headers?: Headers) =>
    (await t.app.inject({ url: `/api/posts/${postId}/comments`, headers })).json<{
      comments: { id: number; comment: string; held?: boolean; replies: { id: number; content: string; held?: boolean }[] }[];
    }>().comments;
  const plate = async (postId: number, headers: Headers) =>
    (await t.app.inject({ url: `/api/posts/${postId}`, headers })).json<{ commentCount: number }>();
  const notificationTypes = async (headers: Headers) =>
    (await t.app.inject({ url: '/api/notifications', headers })).json<{ notifications: { type: string; message: string }[] }>()
      .notifications;

  it('holds them for their author only, then publishes or refuses each as a moderator decides', async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const post = await makePost(app, { userId: cook.user.id, title: 'Shakshuka' });
    const friend = await makeSignedInUser(app);
    const published = await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/rate`,
      headers: friend.headers,
      payload: { rating: 5, comment: 'Lovely' },
    });
    expect(published.statusCode).toBe(200);
    const friendComment = (await comments(post.id))[0]!;

    const troll = await makeSignedInUser(app);
    const restricted = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${troll.user.id}/actions`,
      headers: admin.headers,
      payload: { action: 'restrict', reason: 'Spam in comments', days: 7 },
    });
    expect(restricted.statusCode).toBe(200);

    // The rating counts at once; the comment waits.
    const rated = await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/rate`,
      headers: troll.headers,
      payload: { rating: 2, comment: 'Buy cheap watches at example.test' },
    });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ ratingCount: 2, commentCount: 1 });
    const reply = await app.inject({
      method: 'POST',
      url: `/api/comments/${friendComment.id}/replies`,
      headers: troll.headers,
      payload: { content: 'Cheap watches here too' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ held: true });
    const request = await app.inject({
      method: 'POST',
      url: '/api/chat/requests',
      headers: troll.headers,
      payload: { receiverId: cook.user.id, message: 'Hi, want cheap watches?' },
    });
    expect(request.statusCode).toBe(201);
    expect(request.json()).toMatchObject({ status: 'pending', direction: 'outgoing' });

    // Only the author sees them; nobody was told; nothing was counted.
    const seenByTroll = await comments(post.id, troll.headers);
    expect(seenByTroll.find((c) => c.comment.startsWith('Buy cheap'))).toMatchObject({ held: true });
    expect(seenByTroll.find((c) => c.id === friendComment.id)?.replies).toMatchObject([{ content: 'Cheap watches here too', held: true }]);
    const seenByOthers = await comments(post.id, cook.headers);
    expect(seenByOthers.map((c) => c.comment)).toEqual(['Lovely']);
    expect(seenByOthers[0]!.replies).toEqual([]);
    expect((await comments(post.id)).map((c) => c.comment)).toEqual(['Lovely']);
    expect((await app.inject({ url: '/api/chat/requests', headers: cook.headers })).json()).toEqual([]);
    const cookTold = (await notificationTypes(cook.headers)).map((n) => n.message);
    expect(cookTold.filter((m) => m.includes('commented'))).toHaveLength(1);
    expect(cookTold.some((m) => m.includes('wants to chat'))).toBe(false);

    // The review queue.
    const queue = await app.inject({ url: '/api/admin/held', headers: admin.headers });
    expect(queue.statusCode).toBe(200);
    const items = queue.json().items.filter((i: { author: { id: number } }) => i.author.id === troll.user.id);
    expect(items.map((i: { kind: string }) => i.kind).sort()).toEqual(['chat_request', 'comment', 'reply']);
    const byKind = (kind: string) => items.find((i: { kind: string }) => i.kind === kind);
    expect(byKind('comment')).toMatchObject({ text: 'Buy cheap watches at example.test', post: { id: post.id, title: 'Shakshuka' } });
    expect(byKind('chat_request')).toMatchObject({ receiver: { id: cook.user.id } });

    const decide = (kind: string, id: number, decision: 'approve' | 'reject', payload: object = {}) =>
      app.inject({ method: 'POST', url: `/api/admin/held/${kind}/${id}/${decision}`, headers: admin.headers, payload });
    expect((await decide('comment', byKind('comment').id, 'approve')).statusCode).toBe(204);
    expect((await decide('comment', byKind('comment').id, 'approve')).statusCode).toBe(404);
    expect((await decide('reply', byKind('reply').id, 'reject', { reason: 'Spam' })).statusCode).toBe(204);
    expect((await decide('chat_request', byKind('chat_request').id, 'approve')).statusCode).toBe(204);

    // Published: everyone sees the comment, the plate counts it, the cook was told; the reply is gone.
    expect((await comments(post.id)).map((c) => c.comment)).toEqual(['Buy cheap watches at example.test', 'Lovely']);
    expect((await plate(post.id, cook.headers)).commentCount).toBe(2);
    expect((await comments(post.id, troll.headers)).find((c) => c.id === friendComment.id)?.replies).toEqual([]);
    expect((await notificationTypes(cook.headers)).filter((n) => n.message.includes('commented'))).toHaveLength(2);
    expect((await notificationTypes(troll.headers)).some((n) => n.message === 'A moderator did not publish your reply: Spam')).toBe(true);
    const incoming = (await app.inject({ url: '/api/chat/requests', headers: cook.headers })).json();
    expect(incoming).toMatchObject([{ direction: 'incoming', message: 'Hi, want cheap watches?' }]);

    const audit = (await app.inject({ url: '/api/admin/audit?action=held_published', headers: admin.headers })).json();
    expect(audit.entries.map((e: { targetType: string }) => e.targetType).sort()).toEqual(['chat_request', 'comment']);
  });
});
