import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { ServerEventName } from '@plates/common';
import type { App } from '../app.js';
import { eq } from 'drizzle-orm';
import { chatMessages, chatSessionUserData, chatSessions, type User } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeSignedInUser } from './factories.js';

export type Cook = { user: User; headers: { authorization: string } };

/** Records what the chat service sends through the realtime bus (the real bus still delivers). */
export function recordBus(app: App) {
  const spy = vi.spyOn(app.services.realtime, 'toUser');
  return {
    /** [userId, payload] of every `event` sent since the last `clear()`. */
    sent(event: ServerEventName): [number, unknown][] {
      return spy.mock.calls.filter((c) => c[1] === event).map((c) => [c[0], c[2]]);
    },
    clear: () => spy.mockClear(),
  };
}

/** Chat calls through `app.inject`; `app` is read at each call, so the client may exist before the app. */
export function chatClient(app: () => App) {
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app().inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const cook = (overrides: Partial<User> = {}): Promise<Cook> => makeSignedInUser(app(), overrides);

  /**
   * An accepted conversation between the two, through the API, with no messages yet: the greeting
   * it opened with is removed, so a test's thread holds only what the test sends
   * (chat.requests.test covers the greeting).
   */
  async function connect(a: Cook, b: Cook): Promise<number> {
    const req = await inject('POST', '/api/simple-chat/request', a.headers, { receiverId: b.user.id });
    if (req.statusCode !== 201) throw new Error(`request failed: ${req.statusCode} ${req.body}`);
    const acc = await inject('POST', `/api/simple-chat/accept/${req.json<{ id: number }>().id}`, b.headers);
    if (acc.statusCode !== 200) throw new Error(`accept failed: ${acc.statusCode} ${acc.body}`);
    const sessionId = acc.json<{ session: { id: number } }>().session.id;
    const { db } = app().services.database;
    await db.update(chatSessionUserData).set({ lastReadMessageId: null, lastReadAt: null }).where(eq(chatSessionUserData.sessionId, sessionId));
    await db.delete(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    await db.update(chatSessions).set({ lastMessageAt: null }).where(eq(chatSessions.id, sessionId));
    return sessionId;
  }

  const send = (who: Cook, sessionId: number, payload: unknown) =>
    inject('POST', `/api/simple-chat/conversations/${sessionId}/messages`, who.headers, payload);

  return { inject, cook, connect, send };
}

/**
 * A chat test file's setup: one app for the file (built before, closed after), a chat client over
 * it, and a bus recorder renewed before each test (the setup file restores spies after each one).
 */
export function chatTestApp() {
  let t: TestApp | undefined;
  let recorder: ReturnType<typeof recordBus> | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    recorder = recordBus(app());
  });
  const app = (): App => {
    if (!t) throw new Error('the chat test app is built in beforeAll');
    return t.app;
  };
  const client = chatClient(app);
  return {
    app,
    db: () => app().services.database.db,
    c: client,
    bus: {
      sent: (event: ServerEventName) => recorder!.sent(event),
      clear: () => recorder!.clear(),
    },
  };
}
