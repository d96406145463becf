// Moderation and security: reports, warnings, content filters, IP blocks, security events and the
// admin audit log.
//
// ON DELETE choices: these rows are records that must outlive the people named in them, so almost
// every user reference is SET NULL: the reporter (reports.user_id keeps the report), the reviewer,
// the admin who warned, blocked, unblocked or created a filter, the subject of a security event and
// the admin of an audit entry. The one CASCADE is user_warnings.user_id: a warning is part of the
// warned user's record and goes with their account. user_warnings.report_id is SET NULL so that a
// purged report does not erase the warning it led to. sign_up_approvals.user_id CASCADEs too: the
// note of why an account waits for approval goes with the account (approved or rejected, the audit
// log keeps it).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const reportTargetTypes = ['post', 'user', 'comment'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

export const reportStatuses = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What a moderator may do about a report; every one but dismiss writes a strike. */
export const strikeTypes = ['warn', 'remove_content', 'restrict', 'suspend'] as const;
export type StrikeType = (typeof strikeTypes)[number];

export const appealStatuses = ['pending', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof appealStatuses)[number];

/** Report reasons offered by the spec, per target type. */
export const postReportReasons = ['inappropriate', 'spam', 'offensive', 'copyright', 'other'] as const;
export const userReportReasons = ['fake', 'inappropriate', 'spam', 'harassment', 'other'] as const;

export const reports = pgTable(
  'reports',
  {
    id: id(),
    /** The reporter. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Id of a post or a user (by target_type); no foreign key, the report outlives its target. */
    targetId: integer('target_id').notNull(),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    /** Spec: default 'pending'; resolved (an action was taken) or dismissed. */
    status: text('status', { enum: reportStatuses }).notNull().default('pending'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'dismiss' or the strike type taken. */
    actionTaken: text('action_taken'),
    /** The moderator's reason, as the reporter and the member were told it. */
    resolutionReason: text('resolution_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reports_status_created_at_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_user_id_idx').on(t.userId),
    check('reports_target_type_check', sql`${t.targetType} in ${inList(reportTargetTypes)}`),
    check('reports_status_check', sql`${t.status} in ${inList(reportStatuses)}`),
    // The reason must be one the spec offers for that kind of target.
    check(
      'reports_reason_check',
      sql.join(
        [
          sql`(${t.targetType} = 'post' and ${t.reason} in ${inList(postReportReasons)})`,
          sql`(${t.targetType} = 'user' and ${t.reason} in ${inList(userReportReasons)})`,
          sql`(${t.targetType} = 'comment' and ${t.reason} in ${inList(postReportReasons)})`,
        ],
        sql` or `,
      ),
    ),
  ],
);

export const userWarnings = pgTable(
  'user_warnings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** A strike: warn, remove_content, restrict or suspend. */
    warningType: text('warning_type', { enum: strikeTypes }).notNull().default('warn'),
    /** End of a timed restriction or suspension; null for permanent ones and for the rest. */
    expiresAt: timestamptz('expires_at'),
    /** False once lifted: by its end, by an approved appeal, or by a moderator. */
    isActive: boolean('is_active').notNull().default(true),
    /** The content the strike is about (a removed plate), kept for restoring it on appeal. */
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** A label of the target that outlives it (the plate's title). */
    targetLabel: text('target_label'),
    /** The notice the member was sent, word for word. */
    notice: text('notice').notNull().default(''),
    liftedAt: timestamptz('lifted_at'),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    appealText: text('appeal_text'),
    appealStatus: text('appeal_status', { enum: appealStatuses }),
    appealedAt: timestamptz('appealed_at'),
    appealDecidedAt: timestamptz('appeal_decided_at'),
    appealDecidedBy: integer('appeal_decided_by').references(() => users.id, { onDelete: 'set null' }),
    appealDecisionReason: text('appeal_decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_warnings_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The appeals queue, oldest first.
    index('user_warnings_appeal_idx').on(t.appealStatus, t.appealedAt).where(sql`${t.appealStatus} is not null`),
    // Timed lifts: active strikes with an end.
    index('user_warnings_expiry_idx').on(t.expiresAt).where(sql`${t.isActive} and ${t.expiresAt} is not null`),
    check('user_warnings_warning_type_check', sql`${t.warningType} in ${inList(strikeTypes)}`),
    check('user_warnings_appeal_status_check', sql`${t.appealStatus} in ${inList(appealStatuses)}`),
  ],
);

/** Editable reason templates for moderators' actions (report outcomes, plate rejections). */
export const moderationTemplates = pgTable('moderation_templates', {
  id: id(),
  /** 'report' (a report's outcome) or 'rejection' (a pending plate's rejection). */
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Email domains refused at sign-up, beside the IP blocks. */
export const emailDomainBlocks = pgTable('email_domain_blocks', {
  id: id(),
  /** Lower case, without the @. */
  domain: text('domain').notNull().unique(),
  reason: text('reason'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const contentFilters = pgTable('content_filters', {
  id: id(),
  name: text('name').notNull(),
  pattern: text('pattern').notNull(),
  filterType: text('filter_type').notNull(),
  action: text('action').notNull().default('flag'),
  severity: text('severity').notNull().default('medium'),
  appliesTo: text('applies_to').notNull().default('all'),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const ipBlocks = pgTable('ip_blocks', {
  id: id(),
  ipAddress: text('ip_address').notNull().unique(),
  reason: text('reason'),
  blockType: text('block_type').notNull().default('permanent'),
  isActive: boolean('is_active').notNull().default(true),
  blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamptz('expires_at'),
  unblockReason: text('unblock_reason'),
  unblockedBy: integer('unblocked_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Why an account in `awaiting_approval` waits: the address it signed up from and the
 * `sign_up_requires_approval` block that covered it (the range as it was then; the block row may
 * later change or go). Deleted when the account is approved; goes with the account when rejected.
 */
export const signUpApprovals = pgTable('sign_up_approvals', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address the sign-up came from (canonical form). */
  signUpIp: text('sign_up_ip').notNull(),
  ipBlockId: integer('ip_block_id').references(() => ipBlocks.id, { onDelete: 'set null' }),
  /** The blocked address or range that matched. */
  blockRange: text('block_range'),
  createdAt: createdAt(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    description: text('description'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    severity: text('severity').notNull().default('medium'),
    isResolved: boolean('is_resolved').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('security_events_user_id_idx').on(t.userId),
    // Content-filter hits by the thing they were on (the bulk operations' filter-hit filter).
    index('security_events_filter_hit_idx')
      .on(sql`(${t.metadata}->>'entityType')`, sql`(${t.metadata}->>'entityId')`)
      .where(sql`${t.eventType} = 'content_filter_hit'`),
  ],
);

/**
 * Append-only: no updated_at, and a trigger (migration 0006) refuses UPDATE and DELETE, save the
 * foreign key's own SET NULL when an admin's account is deleted.
 */
export const adminAuditLogs = pgTable(
  'admin_audit_logs',
  {
    id: id(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's role when they acted: 'admin' or the role names they held. */
    adminRole: text('admin_role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** A label of the target that outlives it (a username, a plate's title). */
    targetLabel: text('target_label'),
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_logs_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('admin_audit_logs_admin_id_idx').on(t.adminId, t.createdAt.desc().nullsFirst()),
    index('admin_audit_logs_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst()),
    index('admin_audit_logs_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
  ],
);

export type Report = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type UserWarning = typeof userWarnings.$inferSelect;
export type NewUserWarning = typeof userWarnings.$inferInsert;
export type ContentFilter = typeof contentFilters.$inferSelect;
export type NewContentFilter = typeof contentFilters.$inferInsert;
export type IpBlock = typeof ipBlocks.$inferSelect;
export type NewIpBlock = typeof ipBlocks.$inferInsert;
export type SignUpApproval = typeof signUpApprovals.$inferSelect;
export type SecurityEvent = typeof securityEvents.$inferSelect;
export type NewSecurityEvent = typeof securityEvents.$inferInsert;
export type AdminAuditLog = typeof adminAuditLogs.$inferSelect;
export type ModerationTemplate = typeof moderationTemplates.$inferSelect;
export type EmailDomainBlock = typeof emailDomainBlocks.$inferSelect;
export type NewAdminAuditLog = typeof adminAuditLogs.$inferInsert;
