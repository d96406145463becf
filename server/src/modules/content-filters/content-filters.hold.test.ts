// A content filter's `hold` (issue 13): a comment, reply, chat request or chat message it catches
// waits in the moderators' held queue exactly as a restricted member's item does; a bio or display
// name, which has no queue, is refused. One app for the file; each case uses its own words.
import {
  ChatMessageDto,
  ChatMessagesResponse,
  ConversationDto,
  type ContentFilterBody,
  type HeldItemDto,
} from '@plates/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatMessages, securityEvents, users } from '../../db/schema/index.js';
import { chatClient, recordBus, type Cook } from '../../test/chat.test-helpers.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';
import { hitsOnEntity } from './content-filters.repository.js';
import { FILTER_MESSAGES } from './content-filters.service.js';

type Headers = { authorization: string };

describe('a content filter that holds', () => {
  let t: TestApp;
  let admin: Cook;
  let bus: ReturnType<typeof recordBus>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeSignedInUser(t.app, { isAdmin: true });
  });
  beforeEach(() => {
    bus = recordBus(t.app);
  });
  afterAll(async () => t?.close());

  const c = chatClient(() => t.app);
  const db = () => t.app.services.database.db;
  const hold = async (name: string, pattern: string, appliesTo: ContentFilterBody['appliesTo']) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content-filters',
      headers: admin.headers,
      payload: { name, filterType: 'word', pattern, action: 'hold', appliesTo } satisfies ContentFilterBody,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const queue = async (authorId: number) => {
    const res = await t.app.inject({ url: '/api/admin/held', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: HeldItemDto[] }>().items.filter((item) => item.author.id === authorId);
  };
  const decide = (kind: string, id: number, decision: 'approve' | 'reject', payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/held/${kind}/${id}/${decision}`, headers: admin.headers, payload });
  const comments = async (postId: number, headers?: Headers) =>
    (await t.app.inject({ url: `/api/posts/${postId}/comments`, headers })).json<{
      comments: { id: number; comment: string; held?: boolean; replies: { id: number; content: string; held?: boolean }[] }[];
    }>().comments;
  const told = async (headers: Headers) =>
    (await t.app.inject({ url: '/api/notifications', headers })).json<{ notifications: { type: string; message: string }[] }>().notifications;
  const audited = async (action: string, targetType: string, targetId: number) =>
    (await t.app.inject({ url: `/api/admin/audit?action=${action}&targetType=${targetType}&targetId=${targetId}`, headers: admin.headers })).json<{
      entries: unknown[];
    }>().entries;
  const thread = async (who: Cook, sessionId: number) => {
    const res = await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, who.headers);
    expect(res.statusCode).toBe(200);
    return ChatMessagesResponse.parse(res.json()).messages;
  };
  const conversation = async (who: Cook, sessionId: number) => {
    const res = await c.inject('GET', '/api/simple-chat/conversations', who.headers);
    return z.array(ConversationDto).parse(res.json()).find((conv) => conv.id === sessionId);
  };
  const hitsOn = async (entityType: string, entityId: number) => db().select().from(securityEvents).where(hitsOnEntity(entityType, entityId));

  it('holds a comment for its author only, shows the match to moderators, and publishes it as if just written', async () => {
    await hold('Fish talk', 'fishy', ['comments']);
    const cook = await makeSignedInUser(t.app);
    const post = await makePost(t.app, { userId: cook.user.id, title: 'Ceviche' });
    const member = await makeSignedInUser(t.app);

    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/rate`,
      headers: member.headers,
      payload: { rating: 4, comment: 'Smells a bit Fishy to me' },
    });
    expect(rated.statusCode).toBe(200);
    // The stars count at once; the comment does not.
    expect(rated.json()).toMatchObject({ ratingCount: 1, commentCount: 0 });
    expect(await comments(post.id, member.headers)).toMatchObject([{ comment: 'Smells a bit Fishy to me', held: true }]);
    expect(await comments(post.id, cook.headers)).toEqual([]);
    expect(await comments(post.id)).toEqual([]);
    expect((await told(cook.headers)).some((n) => n.message.includes('commented'))).toBe(false);

    const [item] = await queue(member.user.id);
    expect(item).toMatchObject({
      kind: 'comment',
      text: 'Smells a bit Fishy to me',
      post: { id: post.id, title: 'Ceviche' },
      hits: [{ filterName: 'Fish talk', action: 'hold', match: 'Fishy' }],
      parts: [{ start: 13, end: 18, text: 'Fishy' }],
    });

    expect((await decide('comment', item!.id, 'approve')).statusCode).toBe(204);
    expect((await decide('comment', item!.id, 'approve')).statusCode).toBe(404);
    expect((await comments(post.id)).map((comment) => [comment.comment, comment.held])).toEqual([['Smells a bit Fishy to me', undefined]]);
    expect((await t.app.inject({ url: `/api/posts/${post.id}`, headers: cook.headers })).json()).toMatchObject({ commentCount: 1 });
    expect((await told(cook.headers)).filter((n) => n.message.includes('commented'))).toHaveLength(1);
    expect(await told(member.headers)).toContainEqual(
      expect.objectContaining({ type: 'moderation', message: 'A moderator reviewed and published your comment.' }),
    );
    expect(await audited('held_published', 'comment', item!.id)).toHaveLength(1);
    expect(await queue(member.user.id)).toEqual([]);
  });

  it('holds a reply, and a refused one is deleted with its author told why', async () => {
    await hold('Rude', 'dumbo', ['replies']);
    const post = await makePost(t.app);
    const friend = await makeSignedInUser(t.app);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: friend.headers, payload: { comment: 'Dumbo is a fine name for a dish' } });
    // The filter applies to replies only: the comment went through.
    const [comment] = await comments(post.id);
    expect(comment).toMatchObject({ comment: 'Dumbo is a fine name for a dish' });
    const member = await makeSignedInUser(t.app);

    const reply = await t.app.inject({ method: 'POST', url: `/api/comments/${comment!.id}/replies`, headers: member.headers, payload: { content: 'You dumbo' } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ content: 'You dumbo', held: true });
    expect((await comments(post.id, member.headers))[0]!.replies).toMatchObject([{ content: 'You dumbo', held: true }]);
    expect((await comments(post.id, friend.headers))[0]!.replies).toEqual([]);
    expect((await told(friend.headers)).some((n) => n.message.includes('replied'))).toBe(false);

    const [item] = await queue(member.user.id);
    expect(item).toMatchObject({ kind: 'reply', hits: [{ filterName: 'Rude', match: 'dumbo' }], parts: [{ start: 4, end: 9 }] });
    expect((await decide('reply', item!.id, 'reject', { reason: 'Be kind' })).statusCode).toBe(204);
    expect((await comments(post.id, member.headers))[0]!.replies).toEqual([]);
    expect(await told(member.headers)).toContainEqual(expect.objectContaining({ message: 'A moderator did not publish your reply: Be kind' }));
    expect(await audited('held_refused', 'reply', item!.id)).toHaveLength(1);
  });

  it('holds a chat request until a moderator publishes it to its receiver', async () => {
    await hold('Sales', 'discount code', ['chat']);
    const [sender, receiver] = [await c.cook(), await c.cook()];
    const request = await c.inject('POST', '/api/chat/requests', sender.headers, { receiverId: receiver.user.id, message: 'Want a DISCOUNT code?' });
    expect(request.statusCode).toBe(201);
    // Its sender sees it pending, as a restricted member's request.
    expect(request.json()).toMatchObject({ status: 'pending', direction: 'outgoing' });
    expect(bus.sent('chat_request')).toEqual([]);
    expect((await c.inject('GET', '/api/chat/requests', receiver.headers)).json()).toEqual([]);

    const [item] = await queue(sender.user.id);
    expect(item).toMatchObject({ kind: 'chat_request', receiver: { id: receiver.user.id }, hits: [{ match: 'DISCOUNT code' }] });
    expect((await decide('chat_request', item!.id, 'approve')).statusCode).toBe(204);
    expect((await c.inject('GET', '/api/chat/requests', receiver.headers)).json()).toMatchObject([
      { direction: 'incoming', message: 'Want a DISCOUNT code?' },
    ]);
    expect(bus.sent('chat_request').map(([userId]) => userId)).toEqual([receiver.user.id]);
  });

  it('holds a chat message for its sender only; published, it is delivered at the end of the thread under a new id', async () => {
    await hold('Off platform', 'whatsapp', ['chat']);
    const [sender, receiver] = [await c.cook(), await c.cook({ displayName: 'Rita' })];
    const sessionId = await c.connect(sender, receiver);
    bus.clear();

    const sent = await c.send(sender, sessionId, { content: 'Add me on WhatsApp', tempId: 'tmp-held' });
    expect(sent.statusCode).toBe(201);
    const held = ChatMessageDto.parse(sent.json());
    expect(held).toMatchObject({ content: 'Add me on WhatsApp', held: true, tempId: 'tmp-held' });
    // Only the sender's tabs hear of it; the receiver is not told.
    expect(bus.sent('new_message').map(([userId]) => userId)).toEqual([sender.user.id]);
    expect((await told(receiver.headers)).some((n) => n.type === 'new_message')).toBe(false);
    // A retry with the same tempId answers the held copy.
    expect((await c.send(sender, sessionId, { content: 'Add me on WhatsApp', tempId: 'tmp-held' })).json()).toMatchObject({ id: held.id, held: true });

    const after = ChatMessageDto.parse((await c.send(sender, sessionId, { content: 'Anyway, lovely tart' })).json());
    expect((await thread(sender, sessionId)).map((m) => [m.content, m.held ?? false])).toEqual([
      ['Add me on WhatsApp', true],
      ['Anyway, lovely tart', false],
    ]);
    expect((await thread(receiver, sessionId)).map((m) => m.content)).toEqual(['Anyway, lovely tart']);
    expect(await conversation(receiver, sessionId)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'Anyway, lovely tart' } });
    expect((await c.inject('POST', `/api/simple-chat/messages/${held.id}/reactions`, receiver.headers, { emoji: '👍' })).statusCode).toBe(404);
    const read = await c.inject('POST', `/api/simple-chat/conversations/${sessionId}/read`, receiver.headers);
    expect(read.json()).toMatchObject({ lastReadMessageId: after.id, unreadCount: 0 });

    const [item] = await queue(sender.user.id);
    expect(item).toMatchObject({
      kind: 'chat_message',
      id: held.id,
      text: 'Add me on WhatsApp',
      receiver: { id: receiver.user.id },
      post: null,
      hits: [{ filterName: 'Off platform', action: 'hold', match: 'WhatsApp' }],
      parts: [{ start: 10, end: 18, text: 'WhatsApp' }],
    });

    bus.clear();
    expect((await decide('chat_message', held.id, 'approve')).statusCode).toBe(204);
    const delivered = bus.sent('new_message');
    expect(delivered.map(([userId]) => userId).sort()).toEqual([sender.user.id, receiver.user.id].sort());
    const published = ChatMessageDto.parse(delivered[0]![1]);
    expect(published).toMatchObject({ content: 'Add me on WhatsApp', tempId: 'tmp-held', replaces: held.id });
    expect(published.held).toBeUndefined();
    expect(published.id).toBeGreaterThan(after.id);
    // Unread for the receiver (after their read marker), last in both threads, the conversation's last message.
    expect((await thread(receiver, sessionId)).map((m) => m.id)).toEqual([after.id, published.id]);
    expect((await thread(sender, sessionId)).map((m) => [m.id, m.held ?? false])).toEqual([
      [after.id, false],
      [published.id, false],
    ]);
    expect(await conversation(receiver, sessionId)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'Add me on WhatsApp' } });
    expect(await told(receiver.headers)).toContainEqual(expect.objectContaining({ type: 'new_message', message: 'Add me on WhatsApp' }));
    expect(await told(sender.headers)).toContainEqual(expect.objectContaining({ message: 'A moderator reviewed and published your message.' }));
    // The hits follow the message to its new id; the audit row names the held one.
    expect(await hitsOn('chat_message', held.id)).toEqual([]);
    expect(await hitsOn('chat_message', published.id)).toHaveLength(1);
    expect(await audited('held_published', 'chat_message', held.id)).toHaveLength(1);
    expect((await decide('chat_message', held.id, 'approve')).statusCode).toBe(404);
  });

  it('deletes a refused chat message and takes it out of its sender’s thread', async () => {
    await hold('Crypto', 'bitcoin', ['chat']);
    const [sender, receiver] = [await c.cook(), await c.cook()];
    const sessionId = await c.connect(sender, receiver);
    const held = ChatMessageDto.parse((await c.send(sender, sessionId, { content: 'Pay me in bitcoin' })).json());
    expect(held.held).toBe(true);

    bus.clear();
    expect((await decide('chat_message', held.id, 'reject')).statusCode).toBe(204);
    expect(bus.sent('message_removed')).toEqual([[sender.user.id, { sessionId, messageId: held.id }]]);
    expect(bus.sent('new_message')).toEqual([]);
    expect(await thread(sender, sessionId)).toEqual([]);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.id, held.id))).toEqual([]);
    expect(await told(sender.headers)).toContainEqual(expect.objectContaining({ message: 'A moderator did not publish your message.' }));
    expect(await audited('held_refused', 'chat_message', held.id)).toHaveLength(1);
    expect((await decide('chat_message', held.id, 'reject')).statusCode).toBe(404);
  });

  it('refuses a bio or display name it catches (no queue for a profile), keeping the old value', async () => {
    await hold('Gravy', 'gravy baron', ['bios', 'display_names']);
    const member = await makeSignedInUser(t.app, { bio: 'Home cook', displayName: 'Sam' });
    const update = async (field: string, value: string) => {
      const form = await multipartBody([[field, value]]);
      return t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: form.payload, headers: { ...form.headers, ...member.headers } });
    };

    const bio = await update('bio', 'The Gravy  Baron of Leeds');
    expect(bio.statusCode).toBe(400);
    expect(bio.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'bio', message: FILTER_MESSAGES.held.bios });
    const name = await update('displayName', 'Gravy baron');
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'displayName', message: FILTER_MESSAGES.held.display_names });
    const [row] = await db().select({ bio: users.bio, displayName: users.displayName }).from(users).where(eq(users.id, member.user.id));
    expect(row).toEqual({ bio: 'Home cook', displayName: 'Sam' });
    expect(await queue(member.user.id)).toEqual([]);

    // Other text goes through.
    expect((await update('bio', 'Gravy, and a baron of beef')).statusCode).toBe(200);
  });
});
