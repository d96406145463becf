import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { systemSettings } from '../../db/schema/index.js';

type Conn = Db | Tx;

/** The admin's settings as stored: one `system_settings` row per key, the value as JSON text. */
export function createSettingsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    all(conn: Conn = db) {
      return conn.select().from(systemSettings);
    },

    /** The row of `key`, locked until the transaction ends (two admins saving one key queue up). */
    async lock(key: string, tx: Tx) {
      const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.key, key)).for('update').limit(1);
      return row;
    },

    async put(key: string, value: string, at: Date, conn: Conn = db) {
      const [row] = await conn
        .insert(systemSettings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: at } })
        .returning();
      if (!row) throw new Error(`settings: ${key} was not stored`);
      return row;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
