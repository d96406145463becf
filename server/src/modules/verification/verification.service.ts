import {
  MESSAGES,
  VERIFICATION_MESSAGES,
  verificationApprovedText,
  verificationDeclinedText,
  verificationRetryAt,
  verificationRevokedText,
  type AdminVerificationRequestsResponse,
  type MyVerificationResponse,
  type VerificationActionResponse,
  type VerificationRequestDto,
  type VerifiedMembersResponse,
} from '@plates/common';
import type { z } from 'zod';
import type { RevokeVerificationBody, VerificationDecisionBody, VerificationRequestBody } from '@plates/common';
import type { Tx } from '../../db/client.js';
import type { UserVerification, VerificationRequest, VerifiedType } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Member } from '../../lib/viewer.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { toAuthor } from '../users/users.author.js';
import type { VerificationRepository } from './verification.repository.js';

export const VERIFICATION_PAGE_SIZE = 20;

/**
 * The badge rows, written as the `verify` / `unverify` member actions write them (moderation's
 * repository is passed in: a badge granted here and one granted there are the same row).
 */
export interface BadgeRows {
  verificationOf(userId: number, tx: Tx): Promise<UserVerification | undefined>;
  setVerification(userId: number, values: { verifiedType: VerifiedType; verifiedReason: string; grantedBy: number }, tx: Tx): Promise<void>;
  revokeVerification(userId: number, values: { revokedBy: number; revokedReason: string; revokedAt: Date }, tx: Tx): Promise<boolean>;
}

export interface VerificationDeps {
  repo: VerificationRepository;
  badges: BadgeRows;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  /**
   * Called after a badge is granted or removed, as the member actions do: shared copies of public
   * answers (the visitors' feed) are dropped. Plate cards need nothing: their version holds the
   * author's badge (posts.repository's cardVersion).
   */
  onPublicChange?: () => void;
  now?: () => Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRequestDto(row: VerificationRequest): VerificationRequestDto {
  return {
    id: row.id,
    reason: row.reason,
    links: row.links,
    status: row.status,
    decisionReason: row.decisionReason,
    verifiedType: row.verifiedType,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

/**
 * Verification requests (issue 16): a member asks (one pending request at a time; after a decline,
 * again once the cool-down has passed); staff with manage_verifications approve with a badge or
 * decline with a reason, and revoke badges. Every decision runs in one transaction with its audit
 * row and the member's notification.
 */
export function createVerificationService(deps: VerificationDeps) {
  const { repo, badges, audit, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  /** Whether the member may ask now, and when they may after a recent decline. */
  function eligibility(badge: string | null, latest: VerificationRequest | undefined, at: Date): { canRequest: boolean; canRequestAt: Date | null } {
    if (badge !== null || latest?.status === 'pending') return { canRequest: false, canRequestAt: null };
    if (latest?.status === 'declined' && latest.decidedAt) {
      const retryAt = verificationRetryAt(latest.decidedAt);
      if (retryAt.getTime() > at.getTime()) return { canRequest: false, canRequestAt: retryAt };
    }
    return { canRequest: true, canRequestAt: null };
  }

  return {
    /** `GET /api/verification`: the member's badge, latest request and whether they may ask. */
    async mine(member: Member): Promise<MyVerificationResponse> {
      const [badge, latest] = await Promise.all([repo.badgeOf(member.id), repo.latestOf(member.id)]);
      const { canRequest, canRequestAt } = eligibility(badge, latest, now());
      return { verifiedType: badge, request: latest ? toRequestDto(latest) : null, canRequest, canRequestAt: iso(canRequestAt) };
    },

    /** The member asks for the badge; refused while verified, while a request waits, and during the cool-down. */
    async request(member: Member, body: z.output<typeof VerificationRequestBody>): Promise<VerificationRequestDto> {
      const at = now();
      const row = await repo.transaction(async (tx) => {
        // Their account row is the lock: two requests of theirs are taken one after the other.
        if (!(await repo.lockMember(member.id, tx))) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
        const [badge, latest] = await Promise.all([repo.badgeOf(member.id, tx), repo.latestOf(member.id, tx)]);
        if (badge !== null) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyVerified);
        if (latest?.status === 'pending') throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyPending);
        if (!eligibility(badge, latest, at).canRequest) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.coolingDown);
        return repo.insert({ userId: member.id, reason: body.reason, links: [...new Set(body.links)], createdAt: at }, tx);
      });
      return toRequestDto(row);
    },

    /** Pending requests, oldest first, each with what staff weigh: followers, plates, account age, strikes. */
    async queue(cursor: string | undefined): Promise<AdminVerificationRequestsResponse> {
      const rows = await repo.queue({ cursor: decodeKeyset(cursor), limit: VERIFICATION_PAGE_SIZE + 1 });
      const kept = rows.slice(0, VERIFICATION_PAGE_SIZE);
      const last = kept[kept.length - 1];
      return {
        requests: kept.map(({ request, member }) => ({
          ...toRequestDto(request),
          member: {
            ...toAuthor(member, member.verifiedType ?? null),
            followerCount: member.followerCount,
            postCount: member.postCount,
            memberSince: member.createdAt.toISOString(),
            activeStrikes: member.activeStrikes,
            totalStrikes: member.totalStrikes,
          },
        })),
        nextCursor: rows.length > VERIFICATION_PAGE_SIZE && last ? encodeKeyset({ at: last.keyAt, id: last.request.id }) : null,
      };
    },

    /** Approve (the badge granted as `verify` grants it) or decline with a reason; a decided request is 409. */
    async decide(staff: Staff, id: number, body: z.output<typeof VerificationDecisionBody>, meta: RequestMeta): Promise<VerificationActionResponse> {
      const at = now();
      const approved = await repo.transaction(async (tx) => {
        const found = await repo.lock(id, tx);
        if (!found) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.requestNotFound);
        const { request } = found;
        if (request.status !== 'pending') throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyDecided);
        if (request.userId === staff.id) throw new AppError('FORBIDDEN', VERIFICATION_MESSAGES.notOwnRequest);
        const target = { type: 'user', id: request.userId, label: found.username };
        const decided = { decidedBy: staff.id, decidedAt: at, decisionReason: body.reason ?? null };
        if (body.decision === 'approve') {
          const current = await badges.verificationOf(request.userId, tx);
          await badges.setVerification(request.userId, { verifiedType: body.verifiedType, verifiedReason: body.reason ?? request.reason, grantedBy: staff.id }, tx);
          await repo.decide(id, { ...decided, status: 'approved', verifiedType: body.verifiedType }, tx);
          await notifications.notify(
            {
              userId: request.userId,
              type: 'system',
              title: VERIFICATION_MESSAGES.approvedTitle,
              message: verificationApprovedText(body.verifiedType),
            },
            tx,
          );
          await audit.record(
            {
              staff,
              action: 'verification_approved',
              target,
              reason: body.reason ?? null,
              before: { verifiedType: current?.isActive ? current.verifiedType : null },
              after: { verifiedType: body.verifiedType },
              details: { requestId: id },
              meta,
            },
            tx,
          );
          return true;
        }
        await repo.decide(id, { ...decided, status: 'declined', verifiedType: null }, tx);
        await notifications.notify(
          {
            userId: request.userId,
            type: 'system',
            title: VERIFICATION_MESSAGES.declinedTitle,
            message: verificationDeclinedText(body.reason, at),
          },
          tx,
        );
        await audit.record({ staff, action: 'verification_declined', target, reason: body.reason, details: { requestId: id }, meta }, tx);
        return false;
      });
      if (approved) deps.onPublicChange?.();
      return { message: approved ? 'Request approved: the badge shows now.' : 'Request declined: the member was told why.' };
    },

    /** Members holding a badge, most recently granted first. */
    async verifiedMembers(cursor: string | undefined): Promise<VerifiedMembersResponse> {
      const rows = await repo.verified({ cursor: decodeKeyset(cursor), limit: VERIFICATION_PAGE_SIZE + 1 });
      const kept = rows.slice(0, VERIFICATION_PAGE_SIZE);
      const last = kept[kept.length - 1];
      return {
        members: kept.map((row) => ({
          member: toAuthor(row.member, row.badge.verifiedType),
          verifiedType: row.badge.verifiedType,
          verifiedReason: row.badge.verifiedReason,
          grantedBy: row.granter?.id != null ? { id: row.granter.id, username: row.granter.username } : null,
          grantedAt: row.badge.updatedAt.toISOString(),
        })),
        nextCursor: rows.length > VERIFICATION_PAGE_SIZE && last ? encodeKeyset({ at: last.keyAt, id: last.badge.id }) : null,
      };
    },

    /** Removes a member's badge with a reason (revokedAt/By/Reason kept on the row); not verified is 409. */
    async revoke(staff: Staff, userId: number, body: z.output<typeof RevokeVerificationBody>, meta: RequestMeta): Promise<VerificationActionResponse> {
      await repo.transaction(async (tx) => {
        const user = await repo.findUser(userId, tx);
        if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
        const current = await badges.verificationOf(userId, tx);
        if (!(await badges.revokeVerification(userId, { revokedBy: staff.id, revokedReason: body.reason, revokedAt: now() }, tx))) {
          throw new AppError('CONFLICT', VERIFICATION_MESSAGES.notVerified);
        }
        await notifications.notify(
          { userId, type: 'system', title: VERIFICATION_MESSAGES.revokedTitle, message: verificationRevokedText(body.reason) },
          tx,
        );
        await audit.record(
          {
            staff,
            action: 'verification_revoked',
            target: { type: 'user', id: userId, label: user.username },
            reason: body.reason,
            before: { verifiedType: current?.verifiedType ?? null },
            after: { verifiedType: null },
            meta,
          },
          tx,
        );
      });
      deps.onPublicChange?.();
      return { message: 'Badge removed.' };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
