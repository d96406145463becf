import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@plates/common';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { chatClient } from '../../test/chat.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { chatMessagesPerUser: 3, chatRequestsPerUser: 2 } });
});
afterAll(async () => {
  await t?.close();
});

it('limits message sends per user (config.rateLimits.chatMessagesPerUser) across both route sets', async () => {
  const c = chatClient(() => t.app);
  const [a, b] = [await c.cook(), await c.cook()];
  const sessionId = await c.connect(a, b);
  expect((await c.send(a, sessionId, { content: '1' })).statusCode).toBe(201);
  expect((await c.send(a, sessionId, { content: '2' })).statusCode).toBe(201);
  expect((await c.inject('POST', `/api/chat/sessions/${sessionId}/messages`, a.headers, { content: '3', tempId: 'x' })).statusCode).toBe(201);
  const limited = await c.send(a, sessionId, { content: '4' });
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  // Counted per user: the other member still writes.
  expect((await c.send(b, sessionId, { content: 'reply' })).statusCode).toBe(201);
});

it('limits chat requests per user (config.rateLimits.chatRequestsPerUser) across both route sets, with the words to show', async () => {
  const c = chatClient(() => t.app);
  const [asker, x, y, z] = [await c.cook(), await c.cook(), await c.cook(), await c.cook()];
  expect((await c.inject('POST', '/api/simple-chat/request', asker.headers, { receiverId: x.user.id })).statusCode).toBe(201);
  expect((await c.inject('POST', '/api/chat/requests', asker.headers, { receiverId: y.user.id })).statusCode).toBe(201);
  const limited = await c.inject('POST', '/api/simple-chat/request', asker.headers, { receiverId: z.user.id });
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: CHAT_MESSAGES.requestsRateLimited });
  // Nothing was stored for the refused one, and someone else may still ask.
  expect((await c.inject('GET', '/api/simple-chat/requests', z.headers)).json()).toEqual([]);
  expect((await c.inject('POST', '/api/simple-chat/request', x.headers, { receiverId: z.user.id })).statusCode).toBe(201);
});
