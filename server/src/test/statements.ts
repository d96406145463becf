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
