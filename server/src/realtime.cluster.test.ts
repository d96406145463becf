// Two real server processes on different ports sharing one PostgreSQL database and one Redis (CI's
// DATABASE_URL + REDIS_URL pass): a member's socket on each, and chat requests, messages, typing and
// presence crossing between them over HTTP and Socket.IO, including an instance that dies.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessagesResponse, ChatRequestDto, ConversationDto, TypingStatusResponse } from '@plates/common';
import { createDatabase, type Database } from './db/client.js';
import { users } from './db/schema/index.js';
import { hashPassword } from './lib/password.js';
import { startServer, type ServerProcess } from './scripts/server-process.js';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { DEFAULT_PASSWORD, uniqueName } from './test/factories.js';
import { connected, nextEvent, record, type ClientSocket } from './test/sockets.js';

let testDb: TestDatabase;
let database: Database;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
const sockets: ClientSocket[] = [];

interface Member {
  id: number;
  username: string;
  token: string;
}

/** A verified member, signed in through instance `via` (sessions live in the shared database). */
async function member(via: ServerProcess): Promise<Member> {
  const username = uniqueName('cluster');
  const [row] = await database.db
    .insert(users)
    .values({ username, email: `${username}@example.test`, password: await hashPassword(DEFAULT_PASSWORD), emailVerified: true })
    .returning({ id: users.id });
  const res = await fetch(`${via.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEFAULT_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { id: row!.id, username, token };
}

async function call<T>(server: ServerProcess, who: Member, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + url, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} on ${server.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function socketOn(server: ServerProcess, who: Member): Promise<ClientSocket> {
  const socket = await connected(server.url, who.token);
  sockets.push(socket);
  return socket;
}

/** Alice (socket on A) and Bob (socket on B), with a conversation opened across the instances. */
async function conversationAcross(): Promise<{ alice: Member; bob: Member; onA: ClientSocket; onB: ClientSocket; sessionId: number }> {
  const alice = await member(a);
  const bob = await member(b);
  const onA = await socketOn(a, alice);
  const onB = await socketOn(b, bob);
  const requested = nextEvent(onB, 'chat_request');
  const request = await call<ChatRequestDto>(a, alice, 'POST', '/api/simple-chat/request', { receiverId: bob.id, message: 'Hello from A' });
  expect(await requested).toMatchObject({ id: request.id, senderId: alice.id, message: 'Hello from A' });
  const accepted = nextEvent(onA, 'request_accepted');
  const { session } = await call<{ session: ConversationDto }>(b, bob, 'POST', `/api/simple-chat/accept/${request.id}`);
  expect(await accepted).toMatchObject({ requestId: request.id });
  return { alice, bob, onA, onB, sessionId: session.id };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'plates-cluster-'));
  testDb = await createTestDatabase();
  // A migrated copy, so the two servers start on the same finished schema.
  database = await createDatabase({ databaseUrl: testDb.databaseUrl });
  const env = {
    DATABASE_URL: testDb.databaseUrl ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_PREFIX: `cluster-${randomBytes(6).toString('hex')}`,
    DATA_DIR: dataDir,
    LOGIN_LIMIT_PER_IP: '1000',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await testDb?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('runs as two processes on two ports', () => {
    expect(a.pid).not.toBe(b.pid);
    expect(new URL(a.url).port).not.toBe(new URL(b.url).port);
  });

  it('carries a chat request sent on A to the receiver on B, and the acceptance on B back to A', async () => {
    const { alice, bob, sessionId } = await conversationAcross();
    const onA = await call<ConversationDto[]>(a, alice, 'GET', '/api/simple-chat/conversations');
    expect(onA.map((c) => [c.id, c.otherUser.id])).toEqual([[sessionId, bob.id]]);
  });

  it('delivers messages both ways across the instances, once, to the right member only', async () => {
    const { alice, bob, onA, onB, sessionId } = await conversationAcross();
    const stranger = await member(a);
    const strays = record(await socketOn(b, stranger), 'new_message');
    const echoes = record(onA, 'new_message');

    const toBob = nextEvent(onB, 'new_message');
    const sent = await call<{ id: number }>(a, alice, 'POST', `/api/simple-chat/conversations/${sessionId}/messages`, { content: 'Sent through A', tempId: 't-1' });
    expect(await toBob).toMatchObject({ id: sent.id, content: 'Sent through A', senderId: alice.id });

    const toAlice = nextEvent(onA, 'new_message');
    await call(b, bob, 'POST', `/api/simple-chat/conversations/${sessionId}/messages`, { content: 'Answered through B' });
    expect(await toAlice).toMatchObject({ content: 'Answered through B', senderId: bob.id });

    const thread = await call<ChatMessagesResponse>(b, alice, 'GET', `/api/simple-chat/conversations/${sessionId}/messages`);
    // the request's greeting opened it
    expect(thread.messages.map((m) => m.content)).toEqual(['Hello from A', 'Sent through A', 'Answered through B']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strays).toEqual([]);
    // Alice's own socket heard Bob's answer, and her own message at most once (no duplicate fan-out).
    expect(echoes.filter((m) => m.content === 'Answered through B')).toHaveLength(1);
    expect(echoes.filter((m) => m.content === 'Sent through A').length).toBeLessThanOrEqual(1);
  });

  it('shows typing set on A to the socket on B and to either instance asked over HTTP', async () => {
    const { alice, bob, onB, sessionId } = await conversationAcross();
    const typing = nextEvent(onB, 'typing_status');
    await call(a, alice, 'POST', `/api/chat/sessions-alt/${sessionId}/typing`, { isTyping: true });
    expect(await typing).toMatchObject({ sessionId, userId: alice.id, isTyping: true });
    for (const server of [a, b]) {
      const status = await call<TypingStatusResponse>(server, bob, 'GET', `/api/chat/sessions-alt/${sessionId}/typing-status`);
      expect(status.typingUsers[String(alice.id)]).toBe(true);
    }
    const stopped = nextEvent(onB, 'typing_status');
    await call(b, alice, 'POST', '/api/chat/typing-status', { isTyping: false, sessionId });
    expect(await stopped).toMatchObject({ userId: alice.id, isTyping: false });
  });

  it('agrees on presence: a member online on B is online for A, and offline everywhere once their last tab closes', async () => {
    const { alice, bob, onA, onB } = await conversationAcross();
    const secondTabOnA = await socketOn(a, bob);
    const online = async (server: ServerProcess) =>
      (await call<ConversationDto[]>(server, alice, 'GET', '/api/simple-chat/conversations'))[0]?.isOnline;
    expect(await online(a)).toBe(true);
    expect(await online(b)).toBe(true);

    const offlines = record(onA, 'user_offline');
    onB.disconnect(); // one of Bob's two tabs: he is still online
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(offlines).toEqual([]);
    expect(await online(a)).toBe(true);

    const wentOffline = nextEvent(onA, 'user_offline');
    secondTabOnA.disconnect();
    expect(await wentOffline).toMatchObject({ userId: bob.id, isOnline: false });
    expect(await online(a)).toBe(false);
    expect(await online(b)).toBe(false);

    const back = nextEvent(onA, 'user_online');
    await socketOn(b, bob);
    expect(await back).toMatchObject({ userId: bob.id, isOnline: true });
  });

  // Last: it kills instance B. Its heartbeat stops, so after the dead-after window (3 × 10 s) A
  // counts its sockets out and tells their partners; messages keep flowing through A meanwhile.
  it('takes the members of a killed instance offline and keeps chat working on the survivor', async () => {
    const { alice, bob, onA, sessionId } = await conversationAcross();
    const wentOffline = nextEvent(onA, 'user_offline', 60_000);
    await b.kill();

    await call(a, bob, 'POST', `/api/simple-chat/conversations/${sessionId}/messages`, { content: 'B is gone, A still answers' });
    expect(await wentOffline).toMatchObject({ userId: bob.id, isOnline: false });
    await vi.waitFor(async () => {
      const [conversation] = await call<ConversationDto[]>(a, alice, 'GET', '/api/simple-chat/conversations');
      expect(conversation).toMatchObject({ isOnline: false, unreadCount: 1, lastMessage: { content: 'B is gone, A still answers' } });
    });
  }, 90_000);
});
