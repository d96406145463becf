import { CHAT_LIMITS } from '@plates/common';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { chatTypingStatus } from '../../db/schema/index.js';

/**
 * Who is typing in a conversation. A flag counts for 5 s after it was last set (the client
 * refreshes it while the person types), so a client that vanishes mid-word stops "typing" by
 * itself. With Redis every instance reads the same flags without writing PostgreSQL on each
 * keystroke burst; without it, the spec's `chat_typing_status` table holds them.
 */
export interface TypingStore {
  set(sessionId: number, userId: number, isTyping: boolean, at: Date): Promise<void>;
  /** Each user with a flag in the session: typing now (set, and set within 5 s of `now`) or not. */
  flags(sessionId: number, now: Date): Promise<Map<number, boolean>>;
}

const fresh = (setAt: number, now: Date) => now.getTime() - setAt < CHAT_LIMITS.typingExpiresMs;

export function databaseTypingStore(db: Db): TypingStore {
  return {
    async set(sessionId, userId, isTyping, at) {
      await db
        .insert(chatTypingStatus)
        .values({ sessionId, userId, isTyping, updatedAt: at })
        .onConflictDoUpdate({ target: [chatTypingStatus.sessionId, chatTypingStatus.userId], set: { isTyping, updatedAt: at } });
    },
    async flags(sessionId, now) {
      const rows = await db
        .select({ userId: chatTypingStatus.userId, isTyping: chatTypingStatus.isTyping, updatedAt: chatTypingStatus.updatedAt })
        .from(chatTypingStatus)
        .where(eq(chatTypingStatus.sessionId, sessionId));
      return new Map(rows.map((r) => [r.userId, r.isTyping && fresh(r.updatedAt.getTime(), now)]));
    },
  };
}

/**
 * `{prefix}:{sessionId}`: a hash of user id → when they last said they were typing (ms). Stopping
 * removes the field; the whole hash expires soon after the last update, so nothing is left behind.
 */
export function redisTypingStore(redis: Redis, prefix: string): TypingStore {
  const key = (sessionId: number) => `${prefix}:${sessionId}`;
  return {
    async set(sessionId, userId, isTyping, at) {
      if (!isTyping) {
        await redis.hdel(key(sessionId), String(userId));
        return;
      }
      await redis
        .multi()
        .hset(key(sessionId), String(userId), String(at.getTime()))
        .pexpire(key(sessionId), 2 * CHAT_LIMITS.typingExpiresMs)
        .exec();
    },
    async flags(sessionId, now) {
      const all = await redis.hgetall(key(sessionId));
      return new Map(Object.entries(all).map(([userId, setAt]) => [Number(userId), fresh(Number(setAt), now)]));
    },
  };
}
