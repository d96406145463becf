import { vi } from 'vitest';
import type { App } from '../app.js';

/**
 * Counts the SQL statements the app's database runs while `work` runs: the fixed-statement-count
 * tests compare a page of one item with a page of many (no query per item).
 */
export async function countStatements(app: App, work: () => Promise<unknown>): Promise<number> {
  const session = (app.services.database.db as unknown as { session: { prepareQuery: (...a: unknown[]) => unknown } }).session;
  const spy = vi.spyOn(session, 'prepareQuery');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
