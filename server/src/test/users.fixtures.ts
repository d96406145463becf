import { expect } from 'vitest';
import { follows, userBlocks, type User } from '../db/schema/index.js';
import type { TestApp } from './build-test-app.js';
import { makeSignedInUser } from './factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Request helpers for the users tests, bound to one test app. */
export function usersHarness(t: () => TestApp) {
  const db = () => t().app.services.database.db;
  const inject = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t().app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const cook = (overrides: Partial<User> = {}) => makeSignedInUser(t().app, overrides);
  return {
    db,
    inject,
    cook,
    async follow(followerId: number, followingId: number, status: 'accepted' | 'pending' = 'accepted') {
      await db().insert(follows).values({ followerId, followingId, status });
    },
    async block(blockerId: number, blockedId: number) {
      await db().insert(userBlocks).values({ blockerId, blockedId });
    },
  };
}
export type Cook = Awaited<ReturnType<ReturnType<typeof usersHarness>['cook']>>;

/** Keys that must never appear in an answer about someone else. */
const PRIVATE_KEYS = ['email', 'password', 'preferences', 'emailVerified', 'emailVerifiedAt', 'accountStatus', 'lastLoginAt'];

/** Walks an answer and fails on any private key, at any depth. */
export function expectNoPrivateKeys(value: unknown, path = '$'): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => expectNoPrivateKeys(v, `${path}[${i}]`));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      expect(PRIVATE_KEYS, `${path}.${key}`).not.toContain(key);
      expectNoPrivateKeys(v, `${path}.${key}`);
    }
  }
  if (typeof value === 'string') expect(value, path).not.toMatch(/@example\.test/);
}
