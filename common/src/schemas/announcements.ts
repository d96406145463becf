import { z } from 'zod';

/**
 * Global announcements (issue 16): a word from the team shown as a banner above the home feed,
 * to an audience, within an optional schedule. Title and content are plain text: the web app
 * renders them as text, never as HTML.
 */

export const ANNOUNCEMENT_TYPES = ['info', 'warning', 'success', 'urgent'] as const;
export const AnnouncementType = z.enum(ANNOUNCEMENT_TYPES, { error: 'Choose info, warning, success or urgent' });
export type AnnouncementType = z.infer<typeof AnnouncementType>;

export const ANNOUNCEMENT_AUDIENCES = ['all', 'members', 'new_members', 'admins'] as const;
export const AnnouncementAudience = z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Choose all, members, new members or admins' });
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

/** A member is a "new member" (audience `new_members`) while their account is younger than this. */
export const NEW_MEMBER_DAYS = 14;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 2000;
/** Members ask again this often (a push makes a current one appear at once; a scheduled one starts here). */
export const ANNOUNCEMENTS_REFETCH_MS = 3 * 60_000;

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Announcement not found',
  endBeforeStart: 'The end must be after the start.',
  titleRequired: 'A title is required',
  titleTooLong: `Title cannot exceed ${ANNOUNCEMENT_TITLE_MAX} characters`,
  contentRequired: 'Some content is required',
  contentTooLong: `Content cannot exceed ${ANNOUNCEMENT_CONTENT_MAX} characters`,
  badDate: 'Give a date and time',
} as const;

const Title = z.string().trim().min(1, ANNOUNCEMENT_MESSAGES.titleRequired).max(ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_MESSAGES.titleTooLong);
const Content = z.string().trim().min(1, ANNOUNCEMENT_MESSAGES.contentRequired).max(ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_MESSAGES.contentTooLong);
/** An ISO date-time with its offset; null (in a PATCH) clears it. */
const When = z.iso.datetime({ offset: true, error: ANNOUNCEMENT_MESSAGES.badDate });

/** Whether a schedule's end comes after its start (an open end or start always does). */
export function scheduleIsOrdered(startDate: string | null | undefined, endDate: string | null | undefined): boolean {
  return !startDate || !endDate || Date.parse(endDate) > Date.parse(startDate);
}

/** The fields one by one (forms take single fields from here). */
export const AnnouncementFields = z.object({
  title: Title,
  content: Content,
  type: AnnouncementType.default('info'),
  targetAudience: AnnouncementAudience.default('all'),
  isActive: z.boolean().default(true),
  isPinned: z.boolean().default(false),
  showAsAlert: z.boolean().default(false),
  startDate: When.nullable().optional(),
  endDate: When.nullable().optional(),
});

/** `POST /api/admin/announcements`; `sendEmail` also mails it to the audience's verified members. */
export const AnnouncementBody = AnnouncementFields.extend({ sendEmail: z.boolean().default(false) }).refine((body) => scheduleIsOrdered(body.startDate, body.endDate), {
  path: ['endDate'],
  message: ANNOUNCEMENT_MESSAGES.endBeforeStart,
});
export type AnnouncementBody = z.input<typeof AnnouncementBody>;

/**
 * `PATCH /api/admin/announcements/{id}`: the fields to change (the others stay); the server checks
 * the schedule again against the stored dates.
 */
export const AnnouncementPatch = z
  .object({
    title: Title,
    content: Content,
    type: AnnouncementType,
    targetAudience: AnnouncementAudience,
    isActive: z.boolean(),
    isPinned: z.boolean(),
    showAsAlert: z.boolean(),
    startDate: When.nullable(),
    endDate: When.nullable(),
  })
  .partial()
  .refine((body) => scheduleIsOrdered(body.startDate, body.endDate), { path: ['endDate'], message: ANNOUNCEMENT_MESSAGES.endBeforeStart });
export type AnnouncementPatch = z.input<typeof AnnouncementPatch>;

/** What a viewer sees of an announcement. */
export const AnnouncementDto = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: AnnouncementType,
  isPinned: z.boolean(),
  showAsAlert: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type AnnouncementDto = z.infer<typeof AnnouncementDto>;

/** `GET /api/announcements`: the viewer's active announcements, pinned first, then newest. */
export const AnnouncementsResponse = z.object({ announcements: z.array(AnnouncementDto) });
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponse>;

/** Where an announcement stands now: shown, waiting for its start, past its end, or switched off. */
export const AnnouncementStatus = z.enum(['active', 'scheduled', 'expired', 'inactive']);
export type AnnouncementStatus = z.infer<typeof AnnouncementStatus>;

/** What the admin page sees: every field, with the status now and who wrote it. */
export const AdminAnnouncementDto = AnnouncementDto.extend({
  targetAudience: AnnouncementAudience,
  isActive: z.boolean(),
  status: AnnouncementStatus,
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminAnnouncementDto = z.infer<typeof AdminAnnouncementDto>;

/** `GET /api/admin/announcements`: all of them (scheduled, expired and inactive too), newest first. */
export const AdminAnnouncementsResponse = z.object({ announcements: z.array(AdminAnnouncementDto) });
export type AdminAnnouncementsResponse = z.infer<typeof AdminAnnouncementsResponse>;

/** The status of an announcement at `now`. */
export function announcementStatus(
  a: { isActive: boolean; startDate: string | Date | null; endDate: string | Date | null },
  now: Date,
): AnnouncementStatus {
  if (!a.isActive) return 'inactive';
  const time = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());
  if (a.endDate && time(a.endDate) <= now.getTime()) return 'expired';
  if (a.startDate && time(a.startDate) > now.getTime()) return 'scheduled';
  return 'active';
}
