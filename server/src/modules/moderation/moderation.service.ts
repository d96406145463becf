import { createHash } from 'node:crypto';
import {
  APPEAL_WINDOW_DAYS,
  commentExcerpt,
  reportOutcomeText,
  signUpApprovedText,
  signUpRejectedText,
  strikeNotice,
  type AdminReportsResponse,
  type AppealsResponse,
  type HeldItemDto,
  type HeldKind,
  type HeldResponse,
  type ModerationTemplateBody,
  type ModerationTemplateDto,
  type ReportGroupDto,
  type ReportStatus,
  type ResolveReportResponse,
  type StrikeDto,
  type UserActionResponse,
} from '@plates/common';
import type { z } from 'zod';
import type { ResolveReportBody, UserActionBody } from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { StrikeType, User, UserWarning } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { renderTemplate } from '../../lib/mailer.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Member } from '../../lib/viewer.js';
import type { Audit } from '../admin/audit.js';
import type { EmailTemplates } from '../email-templates/email-templates.service.js';
import type { Staff } from '../admin/permissions.js';
import type { ContentFilters } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { toAuthor } from '../users/users.author.js';
import type { ModerationRepository, TargetKey } from './moderation.repository.js';
import { toStrikeDto, toTemplateDto } from './moderation.mapper.js';

export const MODERATION_MESSAGES = {
  reportNotFound: 'Report not found',
  alreadyHandled: 'This report was already handled.',
  userNotFound: 'User not found',
  targetGone: 'The reported plate no longer exists: the report can only be dismissed.',
  removeOnlyPlates: 'Remove content applies to a reported plate or comment.',
  notOnAdmin: 'Admins cannot be acted on from the admin area.',
  notOnYourself: 'You cannot act on your own account.',
  strikeNotFound: 'Strike not found',
  appealExists: 'This strike has already been appealed.',
  appealClosed: `Strikes can be appealed within ${APPEAL_WINDOW_DAYS} days.`,
  appealNotPending: 'This appeal was already decided.',
  notSuspended: 'This member is not suspended.',
  alreadyVerified: 'This member already has that badge.',
  notVerified: 'This member is not verified.',
  notAwaitingApproval: 'This account is not awaiting approval.',
  awaitingApproval: 'This account is awaiting approval: approve or reject it first.',
  approvedTitle: 'Your Plates account is approved',
  rejectedTitle: 'Your Plates sign-up was not approved',
  verifiedTypeRequired: 'Choose a badge: blue, gold or business.',
  templateNotFound: 'Template not found',
  heldNotFound: 'This item is no longer waiting for review.',
  heldRejectedTitle: 'Not published',
  heldPublishedTitle: 'Published',
  strikeTitle: 'A note from the moderators',
  reportTitle: 'Your report was reviewed',
  appealApprovedTitle: 'Your appeal was approved',
  appealRejectedTitle: 'Your appeal was not approved',
  liftedTitle: 'A restriction on your account ended',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Timed lifts handled per sweep; the next sweep takes the rest. */
const LIFT_BATCH = 100;

/** What the modules that hold content do when a moderator decides (ratings, comments, chat). */
export interface HeldContent {
  publish(kind: HeldKind, id: number, tx: Tx): Promise<{ userId: number; postId?: number; after?: () => void } | undefined>;
  discard(kind: HeldKind, id: number, tx: Tx): Promise<{ userId: number; postId?: number; after?: () => void } | undefined>;
}

/** How a held item is named to its author and in the audit log. */
const HELD_WORD: Record<HeldKind, string> = { comment: 'comment', reply: 'reply', chat_request: 'chat request', chat_message: 'message' };

export interface ModerationServiceDeps {
  held: HeldContent;
  /**
   * Called after an action commits: what others see may have changed (a plate removed or back, a
   * member suspended or lifted), so shared copies of public answers are dropped (the visitor feed).
   */
  onPublicChange?: () => void;
  /** The content filters' hits on held items and the parts of their text to highlight. */
  filters: Pick<ContentFilters, 'heldMatches'>;
  repo: ModerationRepository;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Every mail is queued through the templates service (strike and appeal-outcome templates, and notices written here). */
  templates: Pick<EmailTemplates, 'queue' | 'queueMessage'>;
  /** Closes a member's sockets on every instance (suspension, sign-out everywhere). */
  disconnectUser: (userId: number) => void;
  /**
   * Deletes an account inside the transaction as the member's own deletion does (users'
   * account-eraser.ts); answers the file clean-up to run after the commit.
   */
  eraseAccount: (userId: number, tx: Tx) => Promise<(() => Promise<void>) | undefined>;
  appUrl: string;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

type Target = { type: 'post' | 'user' | 'comment'; id: number; label: string } | null;

const excerpt = commentExcerpt;

/**
 * A moderator's removal of a plate: soft, as rejected with the reason (so an approved appeal or an
 * undone bulk removal brings it back); the reports' remove_content and the bulk removal write it.
 */
export function removedPostValues(reason: string) {
  return { approvalStatus: 'rejected' as const, rejectionReason: `Removed by a moderator: ${reason}`, approvedAt: null, approvedBy: null };
}

/**
 * Reports, strikes and appeals (issue 13). Every action runs in one transaction with its audit row
 * and the notifications it sends; mail and socket closing follow the commit. A strike is what the
 * member is told and can appeal; its effects (a removed plate, a restriction, a suspension) are
 * undone by an approved appeal or, for timed ones, by `liftExpired` at their end.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { repo, audit, notifications, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const appealLink = { url: `${deps.appUrl}/auth`, label: 'Sign in to appeal' };

  /**
   * Mails the member after the commit, with a link to their account settings by default, to
   * another page (`link`: a suspended member cannot open Settings, so theirs is `appealLink`, the
   * sign-in page, where a refused sign-in offers the appeal), or none (`null`, for an account that
   * no longer exists).
   */
  function mail(
    user: Pick<User, 'id' | 'email' | 'username' | 'displayName'>,
    subject: string,
    text: string,
    link: { url: string; label: string } | null = { url: `${deps.appUrl}/profile/${user.id}?tab=settings`, label: 'Your account' },
  ): void {
    const values = { name: user.displayName || user.username, text, link: link?.url ?? '', label: link?.label ?? '' };
    const textLink = link ? '{{label}}: {{link}}\n\n' : '';
    const htmlLink = link ? '<p><a href="{{link}}">{{label}}</a></p>' : '';
    const message = {
      to: user.email,
      subject,
      text: renderTemplate(`Hello {{name}},\n\n{{text}}\n\n${textLink}The Plates moderators`, values, false),
      html: renderTemplate(`<p>Hello {{name}},</p><p>{{text}}</p>${htmlLink}<p>The Plates moderators</p>`, values, true),
    };
    deps.templates.queueMessage(message, { userId: user.id, object: aboutNow(message.subject, message.text) });
  }

  /** Mails a strike or an appeal's outcome through its template, after the commit. */
  function mailTemplated(
    user: Pick<User, 'id' | 'email' | 'username' | 'displayName'>,
    name: 'strike' | 'appeal_outcome',
    values: Record<string, string>,
    link: { url: string; label: string } = { url: `${deps.appUrl}/profile/${user.id}?tab=settings`, label: 'Your account' },
  ): void {
    const all = { displayName: user.displayName || user.username, link: link.url, linkLabel: link.label, ...values };
    deps.templates.queue(name, user.email, all, { userId: user.id, object: aboutNow(name, JSON.stringify(all)) });
  }

  /**
   * What a notice is about, for its job's key: its words and the minute, so a double submit mails
   * once while the same words another time are a new mail.
   */
  function aboutNow(...parts: string[]): string {
    return `${createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32)}@${Math.floor(now().getTime() / 60_000)}`;
  }

  /** The member an action is about: exists, is not the actor, is not an admin. */
  async function subject(staff: Staff, userId: number, tx: Tx): Promise<User> {
    const user = await repo.lockUser(userId, tx);
    if (!user) throw new AppError('USER_NOT_FOUND', MODERATION_MESSAGES.userNotFound);
    if (user.id === staff.id) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.notOnYourself);
    if (user.isAdmin) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.notOnAdmin);
    return user;
  }

  /**
   * Writes a strike and does what it says: removes the plate, restricts, or suspends (sessions
   * deleted in the transaction; sockets closed after it by the caller's `after`). Tells the member.
   */
  async function strike(
    staff: Staff,
    user: User,
    input: { type: StrikeType; reason: string; days?: number | undefined; target: Target; reportId?: number },
    tx: Tx,
    after: (() => void)[],
  ): Promise<UserWarning> {
    const at = now();
    const timed = input.type === 'restrict' || input.type === 'suspend';
    const until = timed && input.days ? new Date(at.getTime() + input.days * DAY_MS) : null;
    const notice = strikeNotice({
      type: input.type,
      reason: input.reason,
      until,
      label: input.target?.label,
      targetType: input.target?.type ?? null,
    });
    const row = await repo.insertStrike(
      {
        userId: user.id,
        reportId: input.reportId ?? null,
        reason: input.reason,
        adminId: staff.id,
        warningType: input.type,
        expiresAt: until,
        targetType: input.target?.type ?? null,
        targetId: input.target?.id ?? null,
        targetLabel: input.target?.label ?? null,
        notice,
      },
      tx,
    );
    if (input.type === 'remove_content' && input.target?.type === 'comment') {
      const comment = await repo.lockComment(input.target.id, tx);
      if (comment && !comment.removedAt && !comment.heldAt) await repo.setCommentRemoved(comment, true, at, tx);
    } else if (input.type === 'remove_content' && input.target?.type === 'post') {
      await repo.updatePost(input.target.id, removedPostValues(input.reason), tx);
    } else if (input.type === 'restrict') {
      await repo.updateUser(user.id, { restrictedAt: at, restrictedUntil: until }, tx);
    } else if (input.type === 'suspend') {
      await repo.setAccountStatus(user.id, { accountStatus: 'suspended', suspendedUntil: until, suspensionReason: input.reason }, tx);
      await repo.deleteSessions(user.id, tx);
      after.push(() => deps.disconnectUser(user.id));
    }
    await notifications.notify(
      {
        userId: user.id,
        type: 'moderation',
        title: MODERATION_MESSAGES.strikeTitle,
        message: notice,
        postId: input.target?.type === 'post' ? input.target.id : null,
        metadata: { strikeId: row.id, strikeType: input.type },
      },
      tx,
    );
    after.push(() =>
      mailTemplated(user, 'strike', { notice }, ...(input.type === 'suspend' || user.accountStatus === 'suspended' ? [appealLink] : [])),
    );
    return row;
  }

  /** Undoes what a strike did, if it still stands; marks it lifted. */
  async function lift(row: UserWarning, by: number | null, tx: Tx): Promise<UserWarning> {
    const at = now();
    if (row.isActive) {
      if (row.warningType === 'remove_content' && row.targetType === 'comment' && row.targetId) {
        const comment = await repo.lockComment(row.targetId, tx);
        if (comment?.removedAt) await repo.setCommentRemoved(comment, false, at, tx);
      } else if (row.warningType === 'remove_content' && row.targetType === 'post' && row.targetId) {
        const post = await repo.lockPost(row.targetId, tx);
        if (post && post.approvalStatus === 'rejected') {
          await repo.updatePost(post.id, { approvalStatus: 'approved', rejectionReason: null, approvedAt: at, approvedBy: by }, tx);
        }
      } else if (row.warningType === 'restrict' || row.warningType === 'suspend') {
        const others = (await repo.activeStrikes(row.userId, row.warningType, tx)).filter((s) => s.id !== row.id);
        // Another active strike of the same kind keeps the member restricted or suspended (until its own end).
        const longest = others.reduce<Date | null | undefined>(
          (acc, s) => (acc === null || s.expiresAt === null ? null : !acc || s.expiresAt > acc ? s.expiresAt : acc),
          undefined,
        );
        if (row.warningType === 'restrict') {
          await repo.updateUser(
            row.userId,
            longest === undefined ? { restrictedAt: null, restrictedUntil: null } : { restrictedUntil: longest },
            tx,
          );
        } else {
          const user = await repo.lockUser(row.userId, tx);
          if (user?.accountStatus === 'suspended') {
            if (longest === undefined) {
              await repo.setAccountStatus(row.userId, { accountStatus: 'active', suspendedUntil: null, suspensionReason: null }, tx);
            } else {
              await repo.updateUser(row.userId, { suspendedUntil: longest }, tx);
            }
          }
        }
      }
    }
    return repo.updateStrike(row.id, { isActive: false, liftedAt: row.liftedAt ?? at, liftedBy: row.liftedBy ?? by }, tx);
  }

  /** Runs the after-commit work (mail, closing sockets), never failing the answer. */
  function runAfter(after: (() => void)[]): void {
    deps.onPublicChange?.();
    for (const work of after) {
      try {
        work();
      } catch (error) {
        logger.warn({ err: error }, 'moderation: after-commit work failed');
      }
    }
  }

  async function groups(status: ReportStatus): Promise<ReportGroupDto[]> {
    const rows = await repo.reportsByStatus(status);
    const byTarget = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.targetType}:${row.targetId}`;
      byTarget.set(key, [...(byTarget.get(key) ?? []), row]);
    }
    const targets: TargetKey[] = [...byTarget.values()].map((g) => ({ targetType: g[0]!.targetType, targetId: g[0]!.targetId }));
    const postIds = targets.filter((t) => t.targetType === 'post').map((t) => t.targetId);
    const postRows = await repo.postsByIds(postIds);
    const postById = new Map(postRows.map((p) => [p.id, p]));
    const commentRows = await repo.commentsByIds(targets.filter((t) => t.targetType === 'comment').map((t) => t.targetId));
    const commentById = new Map(commentRows.map((c) => [c.id, c]));
    const ownerIds = new Set<number>(targets.filter((t) => t.targetType === 'user').map((t) => t.targetId));
    for (const p of postRows) ownerIds.add(p.userId);
    for (const c of commentRows) ownerIds.add(c.userId);
    const reporterIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
    const [people, records, strikes, others] = await Promise.all([
      repo.peopleByIds([...new Set([...ownerIds, ...reporterIds])]),
      repo.reporterRecords(reporterIds),
      repo.strikesOfUsers([...ownerIds]),
      repo.otherReportCounts(targets, status),
    ]);
    const personById = new Map(people.map((p) => [p.id, p]));
    const recordById = new Map(records.map((r) => [r.userId, r]));
    const at = now();
    return [...byTarget.values()].map((group) => {
      const first = group[0]!;
      const post = first.targetType === 'post' ? postById.get(first.targetId) : undefined;
      const comment = first.targetType === 'comment' ? commentById.get(first.targetId) : undefined;
      const ownerId = first.targetType === 'user' ? first.targetId : (post?.userId ?? comment?.userId);
      const owner = ownerId === undefined ? undefined : personById.get(ownerId);
      const label =
        first.targetType === 'post'
          ? post
            ? `the plate "${post.title}"`
            : `plate #${first.targetId}`
          : first.targetType === 'comment'
            ? comment
              ? `the comment "${excerpt(comment.text)}"`
              : `comment #${first.targetId}`
            : owner
              ? `@${owner.username}`
              : `member #${first.targetId}`;
      return {
        id: first.id,
        target: {
          type: first.targetType,
          id: first.targetId,
          label,
          exists: first.targetType === 'post' ? post !== undefined : first.targetType === 'comment' ? comment !== undefined : owner !== undefined,
          comment: comment
            ? { text: comment.text ?? '', postId: comment.postId, postTitle: comment.postTitle, removed: comment.removedAt !== null }
            : null,
          post: post
            ? {
                title: post.title,
                description: post.description,
                imageUrl: post.imageUrl,
                approvalStatus: post.approvalStatus,
                createdAt: post.createdAt.toISOString(),
              }
            : null,
          owner: owner
            ? {
                ...toAuthor(owner, owner.verifiedType ?? null),
                bio: owner.bio,
                accountStatus: owner.accountStatus,
                createdAt: owner.createdAt.toISOString(),
              }
            : null,
        },
        reports: group.map((r) => {
          const reporter = r.userId === null ? undefined : personById.get(r.userId);
          const record = r.userId === null ? undefined : recordById.get(r.userId);
          return {
            id: r.id,
            reason: r.reason,
            details: r.details,
            createdAt: r.createdAt.toISOString(),
            status: r.status,
            reporter: reporter
              ? { ...toAuthor(reporter, reporter.verifiedType ?? null), reportsMade: record?.made ?? 0, reportsUpheld: record?.upheld ?? 0 }
              : null,
          };
        }),
        firstReportedAt: first.createdAt.toISOString(),
        ownerStrikes: strikes.filter((s) => s.userId === ownerId).map((s) => toStrikeDto(s, at)),
        earlierReports:
          others.find((o) => o.targetType === first.targetType && o.targetId === first.targetId)?.n ?? 0,
        outcome:
          status === 'pending'
            ? null
            : { action: first.actionTaken ?? status, reason: first.resolutionReason, reviewedAt: first.reviewedAt?.toISOString() ?? null },
      };
    });
  }

  return {
    /**
     * For the bulk operations, inside their transaction: a suspension (or other strike) of one
     * member with the rules of the member actions (not an admin, not yourself), and its lifting.
     * `after` collects the after-commit work to pass to `afterCommit`.
     */
    async strikeMember(
      staff: Staff,
      userId: number,
      input: { type: StrikeType; reason: string; days?: number | undefined },
      tx: Tx,
      after: (() => void)[],
    ): Promise<{ user: User; strike: UserWarning }> {
      const user = await subject(staff, userId, tx);
      const row = await strike(staff, user, { ...input, target: null }, tx, after);
      return { user, strike: row };
    },

    /** Lifts a strike (what it did is undone if it still stands); answers false when it was lifted already. */
    async liftStrike(strikeId: number, by: number, tx: Tx): Promise<boolean> {
      const row = await repo.lockStrike(strikeId, tx);
      if (!row || !row.isActive) return false;
      await lift(row, by, tx);
      return true;
    },

    afterCommit: runAfter,

    /** A comment locked for a change (the bulk operations' hiding and its undo). */
    lockComment: (id: number, tx: Tx) => repo.lockComment(id, tx),
    /** Hides or shows a comment as remove_content and its lifting do (the plate's count recounted). */
    setCommentRemoved: (comment: { id: number; postId: number }, removed: boolean, at: Date, tx: Tx) => repo.setCommentRemoved(comment, removed, at, tx),
    /** Removes a plate as remove_content does (soft: rejected with the reason). */
    async removePost(postId: number, reason: string, tx: Tx): Promise<void> {
      await repo.updatePost(postId, removedPostValues(reason), tx);
    },

    async queue(status: ReportStatus): Promise<AdminReportsResponse> {
      const list = await groups(status);
      return { groups: list, total: list.length };
    },

    /**
     * Resolves a report, and with it every open report on the same target: dismiss, or a strike on
     * the target's owner. Every reporter is told the outcome.
     */
    async resolve(staff: Staff, reportId: number, body: z.output<typeof ResolveReportBody>, meta: RequestMeta): Promise<ResolveReportResponse> {
      const after: (() => void)[] = [];
      const at = now();
      const result = await repo.transaction(async (tx) => {
        const report = await repo.lockReport(reportId, tx);
        if (!report) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound);
        if (report.status !== 'pending') throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyHandled);
        const key: TargetKey = { targetType: report.targetType, targetId: report.targetId };
        let target: Target = null;
        let ownerId: number | undefined;
        if (report.targetType === 'post') {
          const post = await repo.lockPost(report.targetId, tx);
          if (post) {
            target = { type: 'post', id: post.id, label: post.title };
            ownerId = post.userId;
          }
        } else if (report.targetType === 'comment') {
          const comment = await repo.lockComment(report.targetId, tx);
          if (comment) {
            target = { type: 'comment', id: comment.id, label: excerpt(comment.text) };
            ownerId = comment.userId;
          }
        } else {
          ownerId = report.targetId;
        }
        let strikeRow: UserWarning | null = null;
        let label = !target
          ? `report #${report.id}`
          : target.type === 'comment'
            ? `the comment "${target.label}"`
            : `the plate "${target.label}"`;
        if (body.action !== 'dismiss') {
          if (ownerId === undefined) throw new AppError('CONFLICT', MODERATION_MESSAGES.targetGone);
          if (body.action === 'remove_content' && report.targetType === 'user') {
            throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.removeOnlyPlates, 'action');
          }
          const owner = await subject(staff, ownerId, tx);
          if (report.targetType === 'user') {
            target = { type: 'user', id: owner.id, label: owner.username };
            label = `@${owner.username}`;
          }
          strikeRow = await strike(
            staff,
            owner,
            { type: body.action, reason: body.reason, days: body.days, target, reportId: report.id },
            tx,
            after,
          );
        } else if (report.targetType === 'user') {
          const owner = await repo.lockUser(report.targetId, tx);
          if (owner) label = `@${owner.username}`;
        }
        const closed = await repo.closeReports(
          key,
          {
            status: body.action === 'dismiss' ? 'dismissed' : 'resolved',
            reviewerId: staff.id,
            actionTaken: body.action,
            resolutionReason: body.reason,
            reviewedAt: at,
          },
          tx,
        );
        const told = new Set<number>();
        for (const { userId } of closed) {
          if (userId === null || told.has(userId)) continue;
          told.add(userId);
          await notifications.notify(
            {
              userId,
              type: 'report_outcome',
              title: MODERATION_MESSAGES.reportTitle,
              message: reportOutcomeText({ action: body.action, label }),
              postId: report.targetType === 'post' && body.action !== 'remove_content' && target ? target.id : null,
              metadata: { action: body.action, targetType: report.targetType, targetId: report.targetId },
            },
            tx,
          );
        }
        await audit.record(
          {
            staff,
            action: `report_${body.action}`,
            target: { type: report.targetType, id: report.targetId, label: target?.label ?? label },
            reason: body.reason,
            after: { reports: closed.map((c) => c.id), strikeId: strikeRow?.id ?? null, days: body.days ?? null },
            meta,
          },
          tx,
        );
        return { resolved: closed.length, strikeRow };
      });
      runAfter(after);
      return {
        message: body.action === 'dismiss' ? 'Report dismissed.' : 'Report resolved.',
        resolved: result.resolved,
        strike: result.strikeRow && toStrikeDto(result.strikeRow, at),
      };
    },

    /**
     * warn, restrict, suspend, unsuspend, sign out everywhere, verify, unverify; approve or reject an
     * account awaiting approval (the only two actions such an account takes): audited, and the
     * member told.
     */
    async act(staff: Staff, userId: number, body: z.output<typeof UserActionBody>, meta: RequestMeta): Promise<UserActionResponse> {
      const after: (() => void)[] = [];
      const cleanUps: (() => Promise<void>)[] = [];
      const at = now();
      const strikeRow = await repo.transaction(async (tx) => {
        const user = await subject(staff, userId, tx);
        const target = { type: 'user', id: user.id, label: user.username };
        const record = (action: string, extra: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {}) =>
          audit.record({ staff, action: `user_${action}`, target, reason: body.reason, ...extra, meta }, tx);
        const decision = body.action === 'approve' || body.action === 'reject';
        const awaiting = user.accountStatus === 'awaiting_approval';
        if (decision && !awaiting) throw new AppError('CONFLICT', MODERATION_MESSAGES.notAwaitingApproval);
        if (!decision && awaiting) throw new AppError('CONFLICT', MODERATION_MESSAGES.awaitingApproval);
        switch (body.action) {
          case 'approve':
          case 'reject': {
            const approval = await repo.takeSignUpApproval(user.id, tx);
            const before = {
              accountStatus: user.accountStatus,
              emailVerified: user.emailVerified,
              signUpIp: approval?.signUpIp ?? null,
              blockRange: approval?.blockRange ?? null,
              blockId: approval?.ipBlockId ?? null,
            };
            if (body.action === 'approve') {
              await repo.setAccountStatus(user.id, { accountStatus: 'active', suspendedUntil: null, suspensionReason: null }, tx);
              const text = signUpApprovedText(user.emailVerified);
              after.push(() => mail(user, MODERATION_MESSAGES.approvedTitle, text, { url: `${deps.appUrl}/auth`, label: 'Sign in' }));
              await record('approve', { before, after: { accountStatus: 'active' } });
            } else {
              const cleanUp = await deps.eraseAccount(user.id, tx);
              if (!cleanUp) throw new AppError('USER_NOT_FOUND', MODERATION_MESSAGES.userNotFound);
              cleanUps.push(cleanUp);
              const text = signUpRejectedText(body.reason);
              after.push(() => mail(user, MODERATION_MESSAGES.rejectedTitle, text, null));
              // The label (username) stays on the audit row; the account and its email are gone.
              await record('reject', { before, after: { deleted: true } });
            }
            return null;
          }
          case 'warn':
          case 'restrict':
          case 'suspend': {
            const row = await strike(staff, user, { type: body.action, reason: body.reason, days: body.days, target: null }, tx, after);
            await record(body.action, {
              before: { accountStatus: user.accountStatus, restricted: user.restrictedAt !== null },
              after: { strikeId: row.id, days: body.days ?? null },
            });
            return row;
          }
          case 'unsuspend': {
            if (user.accountStatus !== 'suspended') throw new AppError('CONFLICT', MODERATION_MESSAGES.notSuspended);
            for (const row of await repo.activeStrikes(user.id, 'suspend', tx)) {
              await repo.updateStrike(row.id, { isActive: false, liftedAt: at, liftedBy: staff.id }, tx);
            }
            await repo.setAccountStatus(user.id, { accountStatus: 'active', suspendedUntil: null, suspensionReason: null }, tx);
            await notifications.notify(
              { userId: user.id, type: 'moderation', title: MODERATION_MESSAGES.liftedTitle, message: `Your suspension was lifted: ${body.reason}` },
              tx,
            );
            after.push(() => mail(user, MODERATION_MESSAGES.liftedTitle, `Your suspension was lifted: ${body.reason}`));
            await record('unsuspend', { before: { accountStatus: 'suspended' }, after: { accountStatus: 'active' } });
            return null;
          }
          case 'sign_out': {
            await repo.deleteSessions(user.id, tx);
            after.push(() => deps.disconnectUser(user.id));
            // Read when they sign in again: why every device was signed out.
            await notifications.notify(
              {
                userId: user.id,
                type: 'moderation',
                title: 'Signed out everywhere',
                message: `A moderator signed your account out on every device: ${body.reason}`,
              },
              tx,
            );
            await record('sign_out');
            return null;
          }
          case 'verify': {
            if (!body.verifiedType) throw new AppError('VALIDATION_ERROR', MODERATION_MESSAGES.verifiedTypeRequired, 'verifiedType');
            const current = await repo.verificationOf(user.id, tx);
            if (current?.isActive && current.verifiedType === body.verifiedType) {
              throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyVerified);
            }
            await repo.setVerification(user.id, { verifiedType: body.verifiedType, verifiedReason: body.reason, grantedBy: staff.id }, tx);
            await notifications.notify(
              { userId: user.id, type: 'system', title: 'You are verified', message: `Your account now shows a ${body.verifiedType} badge.` },
              tx,
            );
            await record('verify', {
              before: { verifiedType: current?.isActive ? current.verifiedType : null },
              after: { verifiedType: body.verifiedType },
            });
            return null;
          }
          case 'unverify': {
            const current = await repo.verificationOf(user.id, tx);
            if (!(await repo.revokeVerification(user.id, { revokedBy: staff.id, revokedReason: body.reason, revokedAt: at }, tx))) {
              throw new AppError('CONFLICT', MODERATION_MESSAGES.notVerified);
            }
            await notifications.notify(
              { userId: user.id, type: 'system', title: 'Your badge was removed', message: `Your verified badge was removed: ${body.reason}` },
              tx,
            );
            await record('unverify', { before: { verifiedType: current?.verifiedType ?? null }, after: { verifiedType: null } });
            return null;
          }
        }
      });
      runAfter(after);
      for (const cleanUp of cleanUps) await cleanUp();
      const messages: Record<z.output<typeof UserActionBody>['action'], string> = {
        warn: 'Warning sent.',
        restrict: 'Member restricted.',
        suspend: 'Member suspended.',
        unsuspend: 'Suspension lifted.',
        sign_out: 'Member signed out everywhere.',
        verify: 'Badge granted.',
        unverify: 'Badge removed.',
        approve: 'Account approved: the member can sign in.',
        reject: 'Sign-up rejected: the account was deleted.',
      };
      return { message: messages[body.action], strike: strikeRow && toStrikeDto(strikeRow, at) };
    },

    async strikesOf(member: Member): Promise<StrikeDto[]> {
      const at = now();
      return (await repo.strikesOfUsers([member.id])).map((row) => toStrikeDto(row, at));
    },

    /** The member's one appeal of a strike, within the window. */
    async appeal(member: Member, strikeId: number, text: string): Promise<StrikeDto> {
      const at = now();
      const row = await repo.transaction(async (tx) => {
        const found = await repo.lockStrike(strikeId, tx);
        if (!found || found.userId !== member.id) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.strikeNotFound);
        if (found.appealStatus) throw new AppError('CONFLICT', MODERATION_MESSAGES.appealExists);
        if (at.getTime() - found.createdAt.getTime() > APPEAL_WINDOW_DAYS * DAY_MS) {
          throw new AppError('FORBIDDEN', MODERATION_MESSAGES.appealClosed);
        }
        return repo.updateStrike(found.id, { appealText: text, appealStatus: 'pending', appealedAt: at }, tx);
      });
      return toStrikeDto(row, at);
    },

    async appeals(status: 'pending' | 'approved' | 'rejected'): Promise<AppealsResponse> {
      const rows = await repo.appeals(status);
      const people = await repo.peopleByIds([...new Set(rows.map((r) => r.userId))]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const at = now();
      return {
        appeals: rows.flatMap((row) => {
          const person = byId.get(row.userId);
          if (!person) return [];
          return [
            {
              id: row.id,
              strike: toStrikeDto(row, at),
              member: { ...toAuthor(person, person.verifiedType ?? null), accountStatus: person.accountStatus },
            },
          ];
        }),
      };
    },

    /** Approving lifts what the strike did (restores the plate, ends the restriction or suspension). */
    async decideAppeal(staff: Staff, strikeId: number, approve: boolean, reason: string | undefined, meta: RequestMeta): Promise<StrikeDto> {
      const after: (() => void)[] = [];
      const at = now();
      const row = await repo.transaction(async (tx) => {
        const found = await repo.lockStrike(strikeId, tx);
        if (!found || !found.appealStatus) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.strikeNotFound);
        if (found.appealStatus !== 'pending') throw new AppError('CONFLICT', MODERATION_MESSAGES.appealNotPending);
        const user = await subject(staff, found.userId, tx);
        let updated = await repo.updateStrike(
          found.id,
          { appealStatus: approve ? 'approved' : 'rejected', appealDecidedAt: at, appealDecidedBy: staff.id, appealDecisionReason: reason ?? null },
          tx,
        );
        if (approve) updated = await lift(updated, staff.id, tx);
        const title = approve ? MODERATION_MESSAGES.appealApprovedTitle : MODERATION_MESSAGES.appealRejectedTitle;
        const message = approve
          ? `Your appeal was approved and the strike was lifted${found.warningType === 'remove_content' && found.targetLabel ? `: your ${found.targetType === 'comment' ? 'comment' : 'plate'} "${found.targetLabel}" is back` : ''}.${reason ? ` ${reason}` : ''}`
          : `Your appeal was reviewed and the strike stands.${reason ? ` ${reason}` : ''}`;
        await notifications.notify(
          {
            userId: user.id,
            type: 'moderation',
            title,
            message,
            postId: approve && found.targetType === 'post' ? found.targetId : null,
            metadata: { strikeId: found.id, appeal: approve ? 'approved' : 'rejected' },
          },
          tx,
        );
        const suspended = (await repo.lockUser(user.id, tx))?.accountStatus === 'suspended';
        const outcome = approve ? 'approved' : 'not approved';
        after.push(() => mailTemplated(user, 'appeal_outcome', { outcome, message }, ...(suspended ? [appealLink] : [])));
        await audit.record(
          {
            staff,
            action: approve ? 'appeal_approved' : 'appeal_rejected',
            target: { type: 'user', id: user.id, label: user.username },
            reason: reason ?? null,
            before: { strikeId: found.id, strikeType: found.warningType, isActive: found.isActive },
            after: { isActive: updated.isActive },
            meta,
          },
          tx,
        );
        return updated;
      });
      runAfter(after);
      return toStrikeDto(row, at);
    },

    async held(): Promise<HeldResponse> {
      const { comments, replies, requests, messages } = await repo.held();
      const author = (row: Parameters<typeof toAuthor>[0] & { verifiedType: 'blue' | 'gold' | 'business' | null }) =>
        toAuthor(row, row.verifiedType ?? null);
      const items: Omit<HeldItemDto, 'hits' | 'parts'>[] = [
        ...comments.map((c) => ({
          kind: 'comment' as const,
          id: c.id,
          text: c.text ?? '',
          createdAt: c.createdAt.toISOString(),
          author: author(c.author),
          post: { id: c.postId, title: c.postTitle },
          receiver: null,
        })),
        ...replies.map((r) => ({
          kind: 'reply' as const,
          id: r.id,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
          author: author(r.author),
          post: { id: r.postId, title: r.postTitle },
          receiver: null,
        })),
        ...[...requests.map((q) => ({ ...q, kind: 'chat_request' as const })), ...messages.map((m) => ({ ...m, kind: 'chat_message' as const }))].map(
          (q) => ({
            kind: q.kind,
            id: q.id,
            text: q.text ?? '',
            createdAt: q.createdAt.toISOString(),
            author: author(q.author),
            post: null,
            receiver: author(q.receiver),
          }),
        ),
      ];
      const matches = await deps.filters.heldMatches(items);
      return {
        items: items
          .map((item) => ({ ...item, ...(matches.get(`${item.kind}:${item.id}`) ?? { hits: [], parts: [] }) }))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      };
    },

    /** Publishes (as if just written) or refuses (deleted, the author told) a held item; audited. */
    async decideHeld(staff: Staff, kind: HeldKind, id: number, approve: boolean, reason: string | undefined, meta: RequestMeta): Promise<void> {
      const after: (() => void)[] = [];
      await repo.transaction(async (tx) => {
        const done = approve ? await deps.held.publish(kind, id, tx) : await deps.held.discard(kind, id, tx);
        if (!done) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.heldNotFound);
        if (done.after) after.push(done.after);
        const what = HELD_WORD[kind];
        // The author hears the decision either way (a published one is now seen by everyone it was for).
        await notifications.notify(
          {
            userId: done.userId,
            type: 'moderation',
            title: approve ? MODERATION_MESSAGES.heldPublishedTitle : MODERATION_MESSAGES.heldRejectedTitle,
            message: approve
              ? `A moderator reviewed and published your ${what}.`
              : `A moderator did not publish your ${what}${reason ? `: ${reason}` : '.'}`,
            postId: done.postId ?? null,
          },
          tx,
        );
        await audit.record(
          {
            staff,
            action: approve ? 'held_published' : 'held_refused',
            target: { type: kind, id, label: what },
            reason: reason ?? null,
            after: { authorId: done.userId, postId: done.postId ?? null },
            meta,
          },
          tx,
        );
      });
      runAfter(after);
    },

    async templates(): Promise<ModerationTemplateDto[]> {
      return (await repo.templates()).map(toTemplateDto);
    },

    /** Creates (no id) or replaces a reason template; audited. */
    async saveTemplate(staff: Staff, id: number | null, body: Required<ModerationTemplateBody>, meta: RequestMeta): Promise<ModerationTemplateDto> {
      const row = await repo.transaction(async (tx) => {
        const before = id === null ? undefined : await repo.lockTemplate(id, tx);
        if (id !== null && !before) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.templateNotFound);
        const saved = before
          ? await repo.updateTemplate(before.id, body, tx)
          : await repo.insertTemplate({ ...body, createdBy: staff.id }, tx);
        await audit.record(
          {
            staff,
            action: before ? 'template_updated' : 'template_created',
            target: { type: 'template', id: saved.id, label: saved.title },
            before: before ? { kind: before.kind, title: before.title, body: before.body } : null,
            after: { kind: saved.kind, title: saved.title, body: saved.body },
            meta,
          },
          tx,
        );
        return saved;
      });
      return toTemplateDto(row);
    },

    async deleteTemplate(staff: Staff, id: number, meta: RequestMeta): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await repo.lockTemplate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.templateNotFound);
        await repo.deleteTemplate(id, tx);
        await audit.record(
          {
            staff,
            action: 'template_deleted',
            target: { type: 'template', id, label: before.title },
            before: { kind: before.kind, title: before.title, body: before.body },
            meta,
          },
          tx,
        );
      });
    },

    /** Lifts timed restrictions and suspensions whose end has come; answers how many. */
    async liftExpired(): Promise<number> {
      const at = now();
      const due = await repo.expiredStrikes(at, LIFT_BATCH);
      for (const { id } of due) {
        await repo.transaction(async (tx) => {
          const row = await repo.lockStrike(id, tx);
          if (!row || !row.isActive || !row.expiresAt || row.expiresAt > at) return;
          await lift(row, null, tx);
          const message =
            row.warningType === 'suspend' ? 'Your suspension has ended. Welcome back.' : 'Your restriction has ended.';
          await notifications.notify({ userId: row.userId, type: 'moderation', title: MODERATION_MESSAGES.liftedTitle, message }, tx);
        });
      }
      if (due.length > 0) deps.onPublicChange?.();
      return due.length;
    },

    /**
     * At sign-in: lifts a suspension whose end has passed (before the sweep gets to it) and answers
     * the account as it now stands.
     */
    async liftIfDue(userId: number): Promise<boolean> {
      const at = now();
      return repo.transaction(async (tx) => {
        const rows = (await repo.activeStrikes(userId, 'suspend', tx)).filter((s) => s.expiresAt && s.expiresAt <= at);
        for (const row of rows) await lift(row, null, tx);
        return rows.length > 0;
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
