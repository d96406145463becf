import {
  DEFAULT_ROLES,
  type AuditEntryDto,
  type AuditPage,
  type Permission,
  type RoleGrantBody,
  type RoleGrantDto,
  type RoleName,
} from '@plates/common';
import type { UserRole } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { AdminRepository, AuditFilter } from './admin.repository.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { toBadge } from '../users/users.author.js';
import type { Audit } from './audit.js';
import type { Permissions, Staff } from './permissions.js';

export const AUDIT_PAGE_SIZE = 50;

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  notOnYourself: 'You cannot change your own roles.',
  notOnAdmin: 'Admins cannot be acted on from the admin area.',
  notYours: 'You cannot grant a permission you do not hold.',
  grantNotFound: 'Role grant not found',
  expiryPast: 'The expiry must be in the future.',
} as const;

export interface AdminServiceDeps {
  repo: AdminRepository;
  /** The member is told of a role given or taken (nothing staff do is silent to the member). */
  notifications: Pick<NotificationsService, 'notify'>;
  permissions: Permissions;
  audit: Audit;
  now?: () => Date;
}

function toRoleGrantDto(row: UserRole, at: Date): RoleGrantDto {
  const listed = row.permissions as Permission[];
  return {
    id: row.id,
    role: row.role,
    permissions: listed.length ? listed : [...(DEFAULT_ROLES[row.role as RoleName] ?? [])],
    grantedBy: row.grantedBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive && (!row.expiresAt || row.expiresAt > at),
  };
}

/** Staff roles and the audit log. */
export function createAdminService(deps: AdminServiceDeps) {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /** The member a role change is about: exists, is not the actor, is not an admin. */
  async function subject(staff: Staff, userId: number) {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError('USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    if (user.id === staff.id) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.notOnYourself);
    if (user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.notOnAdmin);
    return user;
  }

  return {
    async me(staff: Staff) {
      return { isAdmin: staff.isAdmin, roles: staff.roles, permissions: [...staff.permissions] };
    },

    async auditLog(filter: AuditFilter, page: number): Promise<AuditPage> {
      const { rows, total } = await repo.auditPage(filter, page, AUDIT_PAGE_SIZE);
      const entries: AuditEntryDto[] = rows.map(({ entry, adminUsername, adminBadge }) => ({
        id: entry.id,
        createdAt: entry.createdAt.toISOString(),
        admin: entry.adminId !== null && adminUsername !== null ? { id: entry.adminId, username: adminUsername, ...toBadge(adminBadge) } : null,
        adminRole: entry.adminRole,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetLabel: entry.targetLabel,
        reason: entry.reason,
        before: entry.before,
        after: entry.after,
        details: entry.details,
        ipAddress: entry.ipAddress,
        userAgent: entry.userAgent,
        success: entry.success,
        errorMessage: entry.errorMessage,
      }));
      return { entries, page, total, totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
    },

    async roles(userId: number): Promise<RoleGrantDto[]> {
      const user = await repo.findUser(userId);
      if (!user) throw new AppError('USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound);
      const at = now();
      return (await repo.roleHistory(userId)).map((row) => toRoleGrantDto(row, at));
    },

    /** Grants a role (replacing a live grant of the same role); only permissions the actor holds. */
    async grantRole(staff: Staff, userId: number, body: RoleGrantBody, meta: RequestMeta): Promise<RoleGrantDto> {
      const user = await subject(staff, userId);
      const role = body.role as RoleName;
      const wanted: Permission[] = body.permissions?.length ? [...new Set(body.permissions)] : [...DEFAULT_ROLES[role]];
      if (wanted.some((permission) => !staff.permissions.has(permission))) {
        throw new AppError('FORBIDDEN', ADMIN_MESSAGES.notYours);
      }
      const at = now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= at) throw new AppError('VALIDATION_ERROR', ADMIN_MESSAGES.expiryPast, 'expiresAt');
      const row = await repo.transaction(async (tx) => {
        const granted = await repo.replaceRole(
          { userId, role, permissions: body.permissions?.length ? wanted : [], grantedBy: staff.id, expiresAt },
          at,
          tx,
        );
        await audit.record(
          {
            staff,
            action: 'role_granted',
            target: { type: 'user', id: userId, label: user.username },
            reason: body.reason ?? null,
            after: { role, permissions: wanted, expiresAt: expiresAt?.toISOString() ?? null },
            meta,
          },
          tx,
        );
        await deps.notifications.notify(
          {
            userId,
            type: 'system',
            title: 'A new role on Plates',
            message: `You were given the ${role} role${expiresAt ? ` until ${expiresAt.toISOString().slice(0, 10)}` : ''}. The Admin Panel is in your account menu.`,
          },
          tx,
        );
        return granted;
      });
      return toRoleGrantDto(row, at);
    },

    async revokeRole(staff: Staff, userId: number, grantId: number, meta: RequestMeta): Promise<RoleGrantDto> {
      const user = await subject(staff, userId);
      const at = now();
      const row = await repo.transaction(async (tx) => {
        const grant = await repo.findRole(grantId, tx);
        if (!grant || grant.userId !== userId || !grant.isActive) {
          throw new AppError('NOT_FOUND', ADMIN_MESSAGES.grantNotFound);
        }
        const revoked = await repo.revokeRole(grantId, staff.id, at, tx);
        if (!revoked) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.grantNotFound);
        await audit.record(
          {
            staff,
            action: 'role_revoked',
            target: { type: 'user', id: userId, label: user.username },
            before: { role: grant.role, permissions: grant.permissions, expiresAt: grant.expiresAt?.toISOString() ?? null },
            meta,
          },
          tx,
        );
        await deps.notifications.notify(
          { userId, type: 'system', title: 'A role ended', message: `Your ${grant.role} role on Plates has ended.` },
          tx,
        );
        return revoked;
      });
      return toRoleGrantDto(row, at);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
