import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailTemplates, users, type NewEmailTemplate } from '../../db/schema/index.js';

/** The stored email templates (at most one row per template name) and who changed them last. */
export function createEmailTemplatesRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Every stored row (a handful: one per template) with the name of whoever changed it last. */
    async allWithEditors() {
      return db
        .select({ template: emailTemplates, editor: { id: users.id, username: users.username } })
        .from(emailTemplates)
        .leftJoin(users, eq(users.id, emailTemplates.updatedBy));
    },

    async lock(name: string, tx: Tx) {
      const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.name, name)).for('update').limit(1);
      return row;
    },

    async insert(values: NewEmailTemplate, tx: Tx) {
      const [row] = await tx.insert(emailTemplates).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewEmailTemplate>, tx: Tx) {
      const [row] = await tx.update(emailTemplates).set(values).where(eq(emailTemplates.id, id)).returning();
      return row!;
    },

    /** Where a test mail goes: the admin's own address. */
    async addressOf(userId: number) {
      const [row] = await db
        .select({ email: users.email, username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}

export type EmailTemplatesRepository = ReturnType<typeof createEmailTemplatesRepository>;
