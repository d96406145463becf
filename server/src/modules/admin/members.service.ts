import type { AdminUserDetail, AdminUsersResponse, AdminUserSummary, RoleGrantDto, StrikeDto } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import { toAuthor } from '../users/users.author.js';
import type { MemberFilter, MembersRepository } from './members.repository.js';

export const MEMBERS_PAGE_SIZE = 25;

type SummaryRow = Awaited<ReturnType<MembersRepository['search']>>['rows'][number];

function toSummary(row: SummaryRow): AdminUserSummary {
  return {
    ...toAuthor(row, row.verifiedType ?? null),
    email: row.email,
    emailVerified: row.emailVerified,
    accountStatus: row.accountStatus,
    restricted: row.restrictedAt !== null,
    restrictedUntil: row.restrictedUntil?.toISOString() ?? null,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    activeStrikes: row.activeStrikes,
    totalStrikes: row.totalStrikes,
    roles: row.isAdmin ? ['admin', ...row.roles.filter((r) => r !== 'admin')] : row.roles,
  };
}

/** The admin area's member directory and member page. */
export function createMembersService(deps: {
  repo: MembersRepository;
  strikesOf: (userId: number) => Promise<StrikeDto[]>;
  rolesOf: (userId: number) => Promise<RoleGrantDto[]>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(filter: MemberFilter, page: number): Promise<AdminUsersResponse> {
      const { rows, total } = await repo.search(filter, page, MEMBERS_PAGE_SIZE, now());
      return { users: rows.map(toSummary), page, total, totalPages: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)) };
    },

    async detail(userId: number): Promise<AdminUserDetail> {
      const row = await repo.summary(userId, now());
      if (!row) throw new AppError('USER_NOT_FOUND', 'User not found');
      const [record, strikes, roles, approval] = await Promise.all([
        repo.record(userId),
        deps.strikesOf(userId),
        deps.rolesOf(userId),
        row.accountStatus === 'awaiting_approval' ? repo.approval(userId) : undefined,
      ]);
      const iso = (d: Date) => d.toISOString();
      const report = (r: (typeof record.made)[number]) => ({ ...r, createdAt: iso(r.createdAt) });
      return {
        user: { ...toSummary(row), bio: row.bio, location: row.location, isPrivate: row.isPrivate },
        posts: record.recentPosts.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
        reportsMade: record.made.map(report),
        reportsReceived: record.received.map(report),
        strikes,
        signIns: record.signIns.map((e) => ({
          id: e.id,
          createdAt: iso(e.createdAt),
          success: e.success,
          failureReason: e.failureReason,
          ip: e.ip,
          userAgent: e.userAgent,
        })),
        sessions: record.liveSessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), lastUsedAt: iso(s.lastUsedAt) })),
        roles,
        approval: approval ? { ...approval, createdAt: iso(approval.createdAt) } : null,
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
