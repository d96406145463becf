// Points: the rules that say how many points an action earns, and the ledger of awards.
//
// ON DELETE choices: a user's transactions CASCADE with the user (the ledger is theirs and
// users.points is its running total). point_transactions.point_rule_id is SET NULL: retiring a
// rule must not rewrite anyone's history; the row keeps its points and description.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const pointRules = pgTable('point_rules', {
  id: id(),
  /** e.g. 'post_approved', 'rating_received', 'rating_given', 'comment_given', 'follow_received' */
  actionType: text('action_type').notNull().unique(),
  pointsAwarded: integer('points_awarded').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  /** The most points one member earns from this rule per UTC day; null means no cap (record 0032). */
  dailyCap: integer('daily_cap'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Append-only ledger: no updated_at. `points` may be negative (an admin correction). */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointRuleId: integer('point_rule_id').references(() => pointRules.id, { onDelete: 'set null' }),
    points: integer('points').notNull(),
    description: text('description'),
    /** e.g. 'post', 'rating', 'follow'; with related_entity_id, what earned the points. */
    relatedEntityType: text('related_entity_type'),
    relatedEntityId: integer('related_entity_id'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_transactions_user_id_timestamp_idx').on(t.userId, t.timestamp.desc().nullsFirst()),
    index('point_transactions_related_entity_idx').on(t.relatedEntityType, t.relatedEntityId),
  ],
);

export type PointRule = typeof pointRules.$inferSelect;
export type NewPointRule = typeof pointRules.$inferInsert;
export type PointTransaction = typeof pointTransactions.$inferSelect;
export type NewPointTransaction = typeof pointTransactions.$inferInsert;
