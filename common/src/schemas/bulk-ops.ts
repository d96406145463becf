import { z } from 'zod';

/**
 * Bulk operations (issue 16, /admin/bulk-ops; decision record 0035): plates, comments or members
 * chosen by filter and acted on as one audited batch, with a dry run first and an undo for 24 hours.
 */

/** The most items one batch may touch; a larger selection is refused (narrow the filter). */
export const BULK_BATCH_CAP = 500;
/** How many items the dry run shows. */
export const BULK_SAMPLE_SIZE = 10;
/** How long a batch can be undone after it ran. */
export const BULK_UNDO_HOURS = 24;
export const BULK_UNDO_MS = BULK_UNDO_HOURS * 60 * 60 * 1000;
export const BULK_PAGE_SIZE = 20;
export const BULK_REASON_MAX = 1000;

export const BULK_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonTooLong: `Reason cannot exceed ${BULK_REASON_MAX} characters`,
  actionNotForTarget: 'That action does not apply to this kind of item.',
  statusOnlyPlates: 'The approval status filter applies to plates only.',
  badDate: 'Give a date',
  datesOrder: 'The end date must not be before the start date.',
  nothingSelected: 'No item matches this filter.',
  overCap: `A batch holds at most ${BULK_BATCH_CAP} items: narrow the filter.`,
  selectionChanged: 'The selection changed since the preview: preview again before running.',
  batchNotFound: 'Batch not found',
  alreadyUndone: 'This batch was already undone.',
  undoExpired: `A batch can be undone within ${BULK_UNDO_HOURS} hours of its run.`,
  skippedChanged: 'Changed since the batch ran',
  skippedGone: 'No longer exists',
  ran: 'Batch done.',
  undone: 'Batch undone.',
  changedTitle: 'A moderator acted on your content',
  undoneTitle: 'A moderation action was undone',
} as const;

export const BulkTarget = z.enum(['plates', 'comments', 'members']);
export type BulkTarget = z.infer<typeof BulkTarget>;
export const BulkAction = z.enum(['approve', 'reject', 'remove', 'feature', 'suspend']);
export type BulkAction = z.infer<typeof BulkAction>;

/** Which actions each target takes. */
export const BULK_ACTIONS: Record<BulkTarget, readonly BulkAction[]> = {
  plates: ['approve', 'reject', 'remove', 'feature'],
  comments: ['remove'],
  members: ['suspend'],
};
/** Actions whose reason is required (the members are told it); approve and feature take an optional one. */
export const BULK_REASON_REQUIRED: readonly BulkAction[] = ['reject', 'remove', 'suspend'];

const Day = z.iso.date({ error: BULK_MESSAGES.badDate });

export const BulkFilter = z
  .object({
    target: BulkTarget,
    /** The author's (for members: the member's own) username, exactly, any case. */
    author: z.string().trim().min(1).max(50).optional(),
    /** Created on or after this UTC day. */
    from: Day.optional(),
    /** Created on or before this UTC day (the whole day). */
    to: Day.optional(),
    /** At least this many reports on the item (any status). */
    minReports: z.coerce.number().int().min(1).max(10_000).optional(),
    /** Only items a content filter matched when they were written. */
    filterHit: z.boolean().optional(),
    /** Plates only: their approval status now. */
    status: z.enum(['pending', 'approved', 'rejected']).optional(),
  })
  .refine((f) => f.status === undefined || f.target === 'plates', { message: BULK_MESSAGES.statusOnlyPlates, path: ['status'] })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: BULK_MESSAGES.datesOrder, path: ['to'] });
export type BulkFilter = z.infer<typeof BulkFilter>;

const Reason = z.string().trim().max(BULK_REASON_MAX, BULK_MESSAGES.reasonTooLong);

/** `POST /api/admin/bulk-ops/preview`: the filter and the action to try (nothing changes). */
export const BulkPreviewBody = z
  .object({
    filter: BulkFilter,
    action: BulkAction,
    reason: Reason.optional(),
    /** Suspension days (members); absent means until lifted. */
    days: z.coerce.number().int().min(1, 'Days must be at least 1').max(3650, 'Days cannot exceed 3650').optional(),
  })
  .refine((b) => BULK_ACTIONS[b.filter.target].includes(b.action), { message: BULK_MESSAGES.actionNotForTarget, path: ['action'] });
export type BulkPreviewBody = z.input<typeof BulkPreviewBody>;

/** `POST /api/admin/bulk-ops`: the same, the reason where one is required, and the count the admin saw. */
export const BulkRunBody = z
  .object({
    filter: BulkFilter,
    action: BulkAction,
    reason: Reason.optional(),
    days: z.coerce.number().int().min(1, 'Days must be at least 1').max(3650, 'Days cannot exceed 3650').optional(),
    expectedCount: z.number().int().min(1).max(BULK_BATCH_CAP),
  })
  .refine((b) => BULK_ACTIONS[b.filter.target].includes(b.action), { message: BULK_MESSAGES.actionNotForTarget, path: ['action'] })
  .refine((b) => !BULK_REASON_REQUIRED.includes(b.action) || (b.reason ?? '').length > 0, {
    message: BULK_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type BulkRunBody = z.input<typeof BulkRunBody>;

/** One selected item as the dry run shows it: what it is now and what it would become. */
export const BulkItemDto = z.object({
  id: z.number().int(),
  label: z.string(),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
  reports: z.number().int(),
  filterHits: z.number().int(),
  current: z.string(),
  becomes: z.string(),
});
export type BulkItemDto = z.infer<typeof BulkItemDto>;

export const BulkPreviewResponse = z.object({
  total: z.number().int(),
  cap: z.number().int(),
  sample: z.array(BulkItemDto),
});
export type BulkPreviewResponse = z.infer<typeof BulkPreviewResponse>;

export const BulkBatchDto = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  target: BulkTarget,
  action: BulkAction,
  filter: BulkFilter,
  reason: z.string().nullable(),
  days: z.number().int().nullable(),
  affected: z.number().int(),
  createdAt: z.string(),
  /** Until when Undo is allowed; null once undone. */
  undoUntil: z.string().nullable(),
  canUndo: z.boolean(),
  undoneAt: z.string().nullable(),
  undoneBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  restored: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
});
export type BulkBatchDto = z.infer<typeof BulkBatchDto>;

export const BulkBatchesQuery = z.object({ cursor: z.string().max(200).optional() });
export const BulkBatchesResponse = z.object({ batches: z.array(BulkBatchDto), nextCursor: z.string().nullable() });
export type BulkBatchesResponse = z.infer<typeof BulkBatchesResponse>;

export const BulkRunResponse = z.object({ batch: BulkBatchDto, message: z.string() });
export type BulkRunResponse = z.infer<typeof BulkRunResponse>;

export const BulkSkippedDto = z.object({ id: z.number().int(), label: z.string(), why: z.string() });
export type BulkSkippedDto = z.infer<typeof BulkSkippedDto>;
export const BulkUndoResponse = z.object({ batch: BulkBatchDto, message: z.string(), skipped: z.array(BulkSkippedDto) });
export type BulkUndoResponse = z.infer<typeof BulkUndoResponse>;

/** What a plate, comment or member becomes (the dry run's words). */
export const BULK_BECOMES: Record<BulkAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  remove: 'removed',
  feature: 'featured',
  suspend: 'suspended',
};

/** The message a member gets once per batch that touched them. */
export function bulkChangedMessage(input: { target: BulkTarget; action: BulkAction; count: number; reason: string | null }): string {
  const what = input.target === 'comments' ? (input.count === 1 ? 'comment' : 'comments') : input.count === 1 ? 'plate' : 'plates';
  const your = input.count === 1 ? `Your ${what} was` : `${input.count} of your ${what} were`;
  const done: Record<BulkAction, string> = {
    approve: 'approved and are now live',
    reject: 'not approved',
    remove: 'removed',
    feature: 'featured at the top of the home feed',
    suspend: 'suspended',
  };
  const phrase = input.count === 1 && input.action === 'approve' ? 'approved and is now live' : done[input.action];
  return `${your} ${phrase}${input.reason ? `: ${input.reason}` : '.'}`;
}

export function bulkUndoneMessage(count: number, target: BulkTarget): string {
  // Only that suspension is lifted: another one of the member's may still hold.
  if (target === 'members') return 'A moderator undid an earlier action: the suspension it put on your account is lifted.';
  const what = target === 'comments' ? 'comment' : 'plate';
  return count === 1
    ? `A moderator undid an earlier action: your ${what} is back as it was.`
    : `A moderator undid an earlier action: ${count} of your ${what}s are back as they were.`;
}
