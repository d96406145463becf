import { z } from 'zod';

/**
 * Data exports (issue 16): a member asks for a copy of their data from Settings; a background job
 * builds a zip (profile, plates with their images, ratings, comments, messages, follows) and mails
 * a link that works for {@link DATA_EXPORT_TTL_DAYS} days, for the signed-in owner only. Staff with
 * `manage_users` see the queue on /admin/users and retry a failed export.
 */

/** A ready export can be downloaded for this many days; then its file is deleted. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** A member may ask this many times a day (one open request at a time in any case). */
export const DATA_EXPORT_REQUESTS_PER_DAY = 3;

export const DATA_EXPORT_STATUSES = ['pending', 'processing', 'ready', 'failed', 'expired', 'deleted'] as const;
export const DataExportStatus = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof DataExportStatus>;

/** How each status reads on the member's and the admin's pages. */
export const DATA_EXPORT_STATUS_LABELS: Record<DataExportStatus, string> = {
  pending: 'Waiting',
  processing: 'Building',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
  deleted: 'Deleted',
};

/** How each status is coloured (the web's badge variants), the same for the member and staff. */
export const DATA_EXPORT_STATUS_TONES: Record<DataExportStatus, 'default' | 'secondary' | 'outline' | 'warning' | 'success'> = {
  pending: 'secondary',
  processing: 'default',
  ready: 'success',
  failed: 'warning',
  expired: 'outline',
  deleted: 'outline',
};

export const DATA_EXPORT_MESSAGES = {
  alreadyOpen: 'Your data export is already being prepared. We will email you when it is ready.',
  notFound: 'Data export not found',
  notReady: 'This data export is not ready to download.',
  gone: `This download link has expired or the export was deleted. Ask for a new export in Settings.`,
  signInToDownload: 'Sign in as the account that asked for this export, then open the link again.',
  notFailed: 'Only a failed data export can be retried.',
  rateLimited: `You can ask for your data ${DATA_EXPORT_REQUESTS_PER_DAY} times a day. Please try again later.`,
  buildFailed: 'We could not build your data export.',
  readyTitle: 'Your data export is ready',
  failedTitle: 'Your data export failed',
  requested: 'We are preparing your data. We will email you a download link when it is ready.',
  deleted: 'Your data export was deleted.',
  retried: 'The export was queued again.',
} as const;

/** What the member is told when their export is ready. */
export function dataExportReadyText(expiresAt: Date): string {
  return `Your data export is ready. Download it from the link in our email or from Settings until ${expiresAt.toISOString().slice(0, 10)}.`;
}

/** An export as its member sees it. */
export const DataExportDto = z.object({
  id: z.number().int(),
  status: DataExportStatus,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Only for a failed export: what went wrong, in words for people. */
  errorMessage: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof DataExportDto>;

/** `GET /api/user/data-exports`: the member's exports, newest first (the last 10), and whether they may ask now. */
export const MyDataExportsResponse = z.object({ exports: z.array(DataExportDto), canRequest: z.boolean() });
export type MyDataExportsResponse = z.infer<typeof MyDataExportsResponse>;

/** `GET /api/data-exports/{token}`: the mail link's token. */
export const DataExportTokenParams = z.object({ token: z.string().min(1).max(200) });

/** `GET /api/admin/data-exports`. */
export const AdminDataExportsQuery = z.object({
  status: DataExportStatus.optional(),
  cursor: z.string().max(200).optional(),
});
export type AdminDataExportsQuery = z.input<typeof AdminDataExportsQuery>;

/** One export in the admin's queue: its member, status, times, attempts and error. */
export const AdminDataExportDto = DataExportDto.extend({
  member: z.object({ id: z.number().int(), username: z.string() }),
  requestType: z.string(),
  attempts: z.number().int(),
  processedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminDataExportDto = z.infer<typeof AdminDataExportDto>;

export const AdminDataExportsResponse = z.object({ exports: z.array(AdminDataExportDto), nextCursor: z.string().nullable() });
export type AdminDataExportsResponse = z.infer<typeof AdminDataExportsResponse>;

/** The answer of a member's delete or an admin's retry. */
export const DataExportActionResponse = z.object({ message: z.string() });
export type DataExportActionResponse = z.infer<typeof DataExportActionResponse>;
