// Bulk operations (/admin/bulk-ops; decision record 0035): one row per batch an admin ran, and one
// per item it changed with the item's state before and after, so an undo restores exactly what was
// there and can tell an item someone changed since. The admin is SET NULL (the batch is a record
// that outlives them); items go with their batch.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, timestamptz } from './columns.js';
import { users } from './users.js';

export const bulkTargets = ['plates', 'comments', 'members'] as const;
export const bulkActions = ['approve', 'reject', 'remove', 'feature', 'suspend'] as const;
export const bulkItemOutcomes = ['restored', 'skipped'] as const;

export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: id(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    target: text('target', { enum: bulkTargets }).notNull(),
    action: text('action', { enum: bulkActions }).notNull(),
    /** The filter as the admin gave it (BulkFilter). */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    reason: text('reason'),
    days: integer('days'),
    /** Items changed by the run. */
    affected: integer('affected').notNull(),
    undoneAt: timestamptz('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
    restored: integer('restored'),
    skipped: integer('skipped'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bulk_operations_target_check', sql`${t.target} in ${inList(bulkTargets)}`),
    check('bulk_operations_action_check', sql`${t.action} in ${inList(bulkActions)}`),
  ],
);

export const bulkOperationItems = pgTable(
  'bulk_operation_items',
  {
    id: id(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => bulkOperations.id, { onDelete: 'cascade' }),
    /** The plate's, comment's (ratings row) or member's id; no foreign key, the record outlives it. */
    itemId: integer('item_id').notNull(),
    /** The member the item belongs to (told of the run and of the undo). */
    ownerId: integer('owner_id').notNull(),
    /** A label that outlives the item (a title, an excerpt, a username). */
    label: text('label').notNull(),
    /** The columns the run changed, as they were before it and as it left them. */
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    /** Set by the undo: put back, or left because someone changed it since. */
    outcome: text('outcome', { enum: bulkItemOutcomes }),
  },
  (t) => [
    index('bulk_operation_items_operation_id_idx').on(t.operationId),
    check('bulk_operation_items_outcome_check', sql`${t.outcome} in ${inList(bulkItemOutcomes)}`),
  ],
);

export type BulkOperation = typeof bulkOperations.$inferSelect;
export type BulkOperationItem = typeof bulkOperationItems.$inferSelect;
export type NewBulkOperationItem = typeof bulkOperationItems.$inferInsert;
