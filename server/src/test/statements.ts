import { NoopLogger, type Logger } from 'drizzle-orm';
import { vi } from 'vitest';
import type { App } from '../app.js';

/**
 * Counts the SQL statements the app's database runs outside transactions while `work` runs (each
 * query sent to the driver: built per call or prepared once, lib/prepared.ts): the
 * fixed-statement-count tests compare a page of one item with a page of many (no query per item).
 */
export async function countStatements(app: App, work: () => Promise<unknown>): Promise<number> {
  const { client } = (app.services.database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session;
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

/**
 * Counts every SQL statement Drizzle sends while `work` runs, inside transactions too (each
 * transaction has its own session, so the driver spy above cannot see them): the app's database
 * has no logger, so every session logs to a `NoopLogger`, whose `logQuery` is spied on. `begin`,
 * `commit` and `rollback` are left out (the node-postgres driver sends them as statements, PGlite
 * does not), so both drivers count the same.
 */
export async function countAllStatements(work: () => Promise<unknown>): Promise<{ count: number; texts: string[] }> {
  // NoopLogger declares logQuery without its arguments; Drizzle calls it with (text, params).
  const spy = vi.spyOn(NoopLogger.prototype as Logger, 'logQuery');
  try {
    await work();
    const texts = spy.mock.calls.map(([text]) => text).filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));
    return { count: texts.length, texts };
  } finally {
    spy.mockRestore();
  }
}
