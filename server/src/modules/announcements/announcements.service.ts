import {
  ANNOUNCEMENT_MESSAGES,
  AnnouncementAudience,
  AnnouncementType,
  NEW_MEMBER_DAYS,
  announcementStatus,
  scheduleIsOrdered,
  type AdminAnnouncementDto,
  type AnnouncementDto,
  type AnnouncementsResponse,
  type ServerEventName,
  type ServerEventPayload,
} from '@plates/common';
import { z } from 'zod';
import type { AnnouncementBody, AnnouncementPatch } from '@plates/common';
import type { GlobalAnnouncement, NewGlobalAnnouncement } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimeBus } from '../../lib/realtime-bus.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Viewer } from '../../lib/viewer.js';
import type { Jobs } from '../../lib/jobs.js';
import type { Audit } from '../admin/audit.js';
import type { EmailTemplates } from '../email-templates/email-templates.service.js';
import type { Staff } from '../admin/permissions.js';
import type { AnnouncementsRepository } from './announcements.repository.js';

/** The realtime bus, with a way to reach every signed-in member at once. */
export interface AnnouncementsBus extends RealtimeBus {
  toEveryone<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
}

export interface AnnouncementsDeps {
  repo: AnnouncementsRepository;
  audit: Audit;
  bus: AnnouncementsBus;
  /** "Also send by email": the announcement template, mailed in batches by a background job. */
  mail: Pick<EmailTemplates, 'queue'>;
  jobs: Jobs;
  appUrl: string;
  mailBatchSize?: number;
  now?: () => Date;
  /** How long visitors' answer is kept in memory (it is the same for every visitor). */
  visitorTtlMs?: number;
  onPushError?: (error: unknown) => void;
}

const DAY_MS = 86_400_000;
/** Members read per query when an announcement is mailed. */
const MAIL_BATCH = 500;
/** Visitors' list is asked on every home page load; a change here shows it at once, elsewhere within this. */
export const VISITOR_ANNOUNCEMENTS_TTL_MS = 30_000;
/** How often each instance looks for scheduled alerts that have just started (`pushStarted`). */
export const ALERT_START_CHECK_MS = 30_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAnnouncementDto(row: GlobalAnnouncement): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: AnnouncementType.safeParse(row.type).data ?? 'info',
    isPinned: row.isPinned,
    showAsAlert: row.showAsAlert,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminAnnouncementDto(row: GlobalAnnouncement, author: { id: number; username: string } | null, now: Date): AdminAnnouncementDto {
  return {
    ...toAnnouncementDto(row),
    targetAudience: AnnouncementAudience.safeParse(row.targetAudience).data ?? 'all',
    isActive: row.isActive,
    status: announcementStatus(row, now),
    createdBy: author,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored columns an audit row keeps, before and after. */
const auditView = (row: GlobalAnnouncement) => ({
  title: row.title,
  content: row.content,
  type: row.type,
  targetAudience: row.targetAudience,
  isActive: row.isActive,
  isPinned: row.isPinned,
  showAsAlert: row.showAsAlert,
  startDate: iso(row.startDate),
  endDate: iso(row.endDate),
});

const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/**
 * Global announcements (issue 16): admins write them (manage_announcements, each change audited
 * in its transaction); viewers get the active ones of their audiences, minus those they dismissed.
 * An active `showAsAlert` one is pushed as `system_message` to its signed-in audience when it is
 * created or changed, and a scheduled one when its start comes (`pushStarted`, every 30 s).
 */
export function createAnnouncementsService(deps: AnnouncementsDeps) {
  const { repo, audit, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const visitorTtlMs = deps.visitorTtlMs ?? VISITOR_ANNOUNCEMENTS_TTL_MS;
  let visitorCache: { at: number; answer: AnnouncementsResponse } | null = null;

  async function audiencesOf(viewer: Viewer, at: Date): Promise<AnnouncementAudience[]> {
    if (!viewer) return ['all'];
    const audiences: AnnouncementAudience[] = ['all', 'members'];
    const since = await repo.memberSince(viewer.id);
    if (since && since.getTime() > at.getTime() - NEW_MEMBER_DAYS * DAY_MS) audiences.push('new_members');
    if (viewer.isAdmin) audiences.push('admins');
    return audiences;
  }

  /** Tells the signed-in audience of an active alert (after its change has committed). */
  async function push(row: GlobalAnnouncement): Promise<void> {
    const at = now();
    if (!row.showAsAlert || announcementStatus(row, at) !== 'active') return;
    const payload = { message: row.title, type: row.type, announcementId: row.id };
    try {
      switch (row.targetAudience) {
        case 'new_members':
          for (const id of await repo.newMemberIds(new Date(at.getTime() - NEW_MEMBER_DAYS * DAY_MS))) bus.toUser(id, 'system_message', payload);
          break;
        case 'admins':
          for (const id of await repo.adminIds()) bus.toUser(id, 'system_message', payload);
          break;
        default:
          bus.toEveryone('system_message', payload);
      }
    } catch (error) {
      deps.onPushError?.(error);
    }
  }

  /**
   * Mails an announcement to its audience's verified members as a job: one mail job per member (a
   * batch of ids at a time, one query per batch), each keyed on the announcement and the member,
   * so a rerun after a crash queues nothing twice; then audits how many it queued.
   */
  const mailOutJob = deps.jobs.define({
    kind: 'announcement:mail-out',
    payload: z.object({
      announcementId: z.number().int().positive(),
      staff: z.object({ id: z.number().int().positive(), username: z.string(), isAdmin: z.boolean(), roles: z.array(z.string()) }),
      meta: z.object({ ip: z.string(), userAgent: z.string().nullable() }),
    }),
    attempts: 3,
    backoffMs: 10_000,
    key: (p) => String(p.announcementId),
    summary: (p) => `announcement #${p.announcementId}`,
    handler: async (p) => {
      const row = await repo.find(p.announcementId);
      if (row) await mailOut({ ...p.staff, permissions: new Set() }, row, p.meta);
    },
  });

  async function mailOut(staff: Staff, row: GlobalAnnouncement, meta: RequestMeta): Promise<void> {
    const audience = AnnouncementAudience.safeParse(row.targetAudience).data ?? 'all';
    const since = new Date(now().getTime() - NEW_MEMBER_DAYS * DAY_MS);
    const batchSize = deps.mailBatchSize ?? MAIL_BATCH;
    let queued = 0;
    for (let afterId = 0; ; ) {
      const batch = await repo.mailRecipients(audience, since, afterId, batchSize);
      for (const member of batch) {
        deps.mail.queue(
          'announcement',
          member.email,
          { displayName: member.displayName || member.username, title: row.title, content: row.content, link: `${deps.appUrl}/` },
          { userId: member.id, object: `announcement:${row.id}` },
        );
        queued++;
      }
      if (batch.length < batchSize) break;
      afterId = batch.at(-1)!.id;
    }
    await repo.transaction((tx) =>
      audit.record(
        { staff, action: 'announcement_emailed', target: { type: 'announcement', id: row.id, label: row.title }, details: { audience, queued }, meta },
        tx,
      ),
    );
  }

  async function found(id: number): Promise<GlobalAnnouncement> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
    return row;
  }

  return {
    /** `GET /api/announcements`: what this viewer sees now. */
    async listFor(viewer: Viewer): Promise<AnnouncementsResponse> {
      const at = now();
      if (!viewer && visitorCache && at.getTime() - visitorCache.at < visitorTtlMs) return visitorCache.answer;
      const rows = await repo.active(await audiencesOf(viewer, at), at, viewer?.id ?? null);
      const answer = { announcements: rows.map(toAnnouncementDto) };
      if (!viewer) visitorCache = { at: at.getTime(), answer };
      return answer;
    },

    /**
     * Pushes the alerts whose scheduled start fell in (from, to] (the app asks every
     * `ALERT_START_CHECK_MS`): a scheduled alert reaches open pages when it starts, as one made
     * active at once does when it is saved. Several instances each push it; a page only asks for
     * the banner again, so a second push changes nothing.
     */
    async pushStarted(from: Date, to: Date): Promise<number> {
      const rows = await repo.alertsStarted(from, to);
      for (const row of rows) await push(row);
      return rows.length;
    },

    /** The member no longer sees it; a second time changes nothing. */
    async dismiss(member: NonNullable<Viewer>, id: number): Promise<void> {
      await found(id);
      await repo.dismiss(member.id, id);
    },

    async adminList(): Promise<AdminAnnouncementDto[]> {
      const at = now();
      return (await repo.withAuthors()).map((r) => toAdminAnnouncementDto(r.announcement, r.author, at));
    },

    async create(staff: Staff, body: z.output<typeof AnnouncementBody>, meta: RequestMeta): Promise<AdminAnnouncementDto> {
      const values: NewGlobalAnnouncement = {
        title: body.title,
        content: body.content,
        type: body.type,
        targetAudience: body.targetAudience,
        isActive: body.isActive,
        isPinned: body.isPinned,
        showAsAlert: body.showAsAlert,
        startDate: dateOf(body.startDate) ?? null,
        endDate: dateOf(body.endDate) ?? null,
        createdBy: staff.id,
      };
      const row = await repo.transaction(async (tx) => {
        const saved = await repo.insert(values, tx);
        await audit.record(
          {
            staff,
            action: 'announcement_created',
            target: { type: 'announcement', id: saved.id, label: saved.title },
            after: auditView(saved),
            details: body.sendEmail ? { sendEmail: true } : null,
            meta,
          },
          tx,
        );
        return saved;
      });
      visitorCache = null;
      await push(row);
      if (body.sendEmail) {
        mailOutJob.enqueue({ announcementId: row.id, staff: { id: staff.id, username: staff.username, isAdmin: staff.isAdmin, roles: staff.roles }, meta });
      }
      return toAdminAnnouncementDto(row, { id: staff.id, username: staff.username }, now());
    },

    async update(staff: Staff, id: number, patch: z.output<typeof AnnouncementPatch>, meta: RequestMeta): Promise<AdminAnnouncementDto> {
      const row = await repo.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
        const startDate = dateOf(patch.startDate);
        const endDate = dateOf(patch.endDate);
        const start = startDate === undefined ? before.startDate : startDate;
        const end = endDate === undefined ? before.endDate : endDate;
        if (!scheduleIsOrdered(iso(start), iso(end))) throw new AppError('VALIDATION_ERROR', ANNOUNCEMENT_MESSAGES.endBeforeStart, 'endDate');
        const { startDate: _s, endDate: _e, ...rest } = patch;
        const saved = await repo.update(id, { ...rest, startDate: start, endDate: end }, tx);
        await audit.record(
          { staff, action: 'announcement_updated', target: { type: 'announcement', id, label: saved.title }, before: auditView(before), after: auditView(saved), meta },
          tx,
        );
        return saved;
      });
      visitorCache = null;
      await push(row);
      const [stored] = await repo.withAuthors(id);
      return toAdminAnnouncementDto(row, stored?.author ?? null, now());
    },

    async remove(staff: Staff, id: number, meta: RequestMeta): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
        await repo.remove(id, tx);
        await audit.record({ staff, action: 'announcement_deleted', target: { type: 'announcement', id, label: before.title }, before: auditView(before), meta }, tx);
      });
      visitorCache = null;
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
