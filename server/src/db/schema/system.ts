// Platform-wide settings and content managed by admins, plus users' data-export requests.
//
// ON DELETE choices: settings and content outlive the admin who last touched them, so created_by,
// last_modified_by and processed_by are SET NULL. data_export_requests.user_id CASCADES: an export
// request is the user's own data and goes with their account.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

/** Key/value flags read at run time, e.g. ('maintenance_mode', 'false'). */
export const systemSettings = pgTable('system_settings', {
  id: id(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Mail templates with `{{name}}` placeholders; `variables` lists the names a template uses. A row
 * that is active overrides the template's default in the code (email-templates.registry.ts); a
 * revert switches it off. `version` grows with every save and revert (the editors' stale-save guard).
 */
export const emailTemplates = pgTable('email_templates', {
  id: id(),
  name: text('name').notNull().unique(),
  subject: text('subject').notNull(),
  htmlTemplate: text('html_template').notNull(),
  textTemplate: text('text_template').notNull(),
  variables: jsonb('variables').$type<string[]>().notNull().default([]),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const aiSettings = pgTable('ai_settings', {
  id: id(),
  settingName: text('setting_name').notNull().unique(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const globalAnnouncements = pgTable(
  'global_announcements',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('info'),
    targetAudience: text('target_audience').notNull().default('all'),
    isActive: boolean('is_active').notNull().default(true),
    isPinned: boolean('is_pinned').notNull().default(false),
    showAsAlert: boolean('show_as_alert').notNull().default(false),
    startDate: timestamptz('start_date'),
    endDate: timestamptz('end_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('global_announcements_active_idx').on(t.isActive, t.startDate)],
);

/**
 * A member dismissed an announcement: it no longer shows to them. Both sides CASCADE: a dismissal
 * means nothing without its member or its announcement.
 */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => globalAnnouncements.id, { onDelete: 'cascade' }),
    dismissedAt: timestamptz('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] }), index('announcement_dismissals_announcement_id_idx').on(t.announcementId)],
);

export const platformConfig = pgTable(
  'platform_config',
  {
    id: id(),
    category: text('category').notNull(),
    configKey: text('config_key').notNull(),
    configValue: text('config_value'),
    dataType: text('data_type').notNull().default('string'),
    description: text('description'),
    isEditable: boolean('is_editable').notNull().default(true),
    lastModifiedBy: integer('last_modified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('platform_config_category_config_key_key').on(t.category, t.configKey)],
);

export const communityContent = pgTable('community_content', {
  id: id(),
  contentType: text('content_type').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  version: integer('version').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  lastModifiedBy: integer('last_modified_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dataExportRequests = pgTable(
  'data_export_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestType: text('request_type').notNull().default('full_export'),
    status: text('status').notNull().default('pending'),
    downloadUrl: text('download_url'),
    expiresAt: timestamptz('expires_at'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    errorMessage: text('error_message'),
    /** SHA-256 of the download link's token (the token itself is only in the mail). */
    tokenHash: text('token_hash').unique(),
    /** The zip's file name under DATA_DIR/exports while it is kept (status ready). */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /**
     * While processing: until when the builder's claim holds. The builder renews it as it goes; a
     * row still processing after it (a crashed instance) is claimed again.
     */
    leaseUntil: timestamptz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_export_requests_user_id_idx').on(t.userId),
    index('data_export_requests_status_idx').on(t.status, t.createdAt),
    // The admin queue without a status filter: newest first.
    index('data_export_requests_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One open (pending or processing) request per member, whatever races.
    uniqueIndex('data_export_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

export type SystemSetting = typeof systemSettings.$inferSelect;
export type NewSystemSetting = typeof systemSettings.$inferInsert;
export type EmailTemplate = typeof emailTemplates.$inferSelect;
export type NewEmailTemplate = typeof emailTemplates.$inferInsert;
export type AiSetting = typeof aiSettings.$inferSelect;
export type NewAiSetting = typeof aiSettings.$inferInsert;
export type GlobalAnnouncement = typeof globalAnnouncements.$inferSelect;
export type NewGlobalAnnouncement = typeof globalAnnouncements.$inferInsert;
export type AnnouncementDismissal = typeof announcementDismissals.$inferSelect;
export type PlatformConfig = typeof platformConfig.$inferSelect;
export type NewPlatformConfig = typeof platformConfig.$inferInsert;
export type CommunityContent = typeof communityContent.$inferSelect;
export type NewCommunityContent = typeof communityContent.$inferInsert;
export type DataExportRequest = typeof dataExportRequests.$inferSelect;
export type NewDataExportRequest = typeof dataExportRequests.$inferInsert;

/**
 * One row per job run whose effect must not repeat (a mail): written before the effect, removed
 * if the effect fails, so a job rerun after its instance died sees it and does nothing (record
 * 0041). `run_key` is the job's id and enqueue time; rows older than a week are swept.
 */
export const jobMarks = pgTable(
  'job_marks',
  {
    runKey: text('run_key').primaryKey(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_marks_created_at_idx').on(t.createdAt)],
);
