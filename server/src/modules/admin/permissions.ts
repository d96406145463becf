import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DEFAULT_ROLES, MESSAGES, PERMISSIONS, isPermission, type Permission } from '@plates/common';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Member } from '../../lib/viewer.js';
import { requireUser } from '../../plugins/authentication.js';
import type { AdminRepository } from './admin.repository.js';

/**
 * Staff permissions: the one home of "may this member do X in the admin area" (beside
 * posts/post-access.ts, the home of "may this viewer do X to this plate"; decision record 0016).
 * `isAdmin` holds every permission; others hold the union of their live `user_roles` grants (a
 * grant's own list, or its role's defaults when the list is empty). Nothing the client sends
 * takes part: the member comes from the session.
 */

/** A member acting in the admin area, with what they may do there. */
export interface Staff extends Member {
  username: string;
  permissions: ReadonlySet<Permission>;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an `/api/admin/…` route needs; such a route without one refuses to start. */
    permission?: Permission;
    /** `false` on an admin POST that changes nothing (a preview): it does not count as a write. */
    changes?: boolean;
  }
  interface FastifyRequest {
    /** Set by the permission guard on admin routes: the member, with the permission checked. */
    staff: Staff | null;
  }
}

export interface PermissionsDeps {
  repo: AdminRepository;
  now?: () => Date;
  /** Told of every refusal of a signed-in member (written as a security event). */
  onRefused?: (staff: Staff, permission: Permission, request: FastifyRequest) => void;
}

export function createPermissions(deps: PermissionsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function staffOf(member: Member & { username?: string }, conn?: Tx): Promise<Staff> {
    const user = await repo.findUser(member.id, conn);
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
    if (user.isAdmin) {
      return { id: user.id, isAdmin: true, username: user.username, permissions: new Set(PERMISSIONS), roles: ['admin'] };
    }
    const grants = await repo.liveRoles(user.id, now(), conn);
    const permissions = new Set<Permission>();
    for (const grant of grants) {
      const listed = grant.permissions.filter(isPermission);
      const defaults: readonly Permission[] = DEFAULT_ROLES[grant.role as keyof typeof DEFAULT_ROLES] ?? [];
      for (const permission of listed.length ? listed : defaults) permissions.add(permission);
    }
    return { id: user.id, isAdmin: false, username: user.username, permissions, roles: grants.map((g) => g.role) };
  }

  return {
    staffOf,

    /** The member's permissions as a sorted list (for the session's user). */
    async list(member: Member): Promise<Permission[]> {
      if (member.isAdmin) return [...PERMISSIONS];
      const staff = await staffOf(member);
      return PERMISSIONS.filter((permission) => staff.permissions.has(permission));
    },

    /** The member with `permission`, or 403 (their permissions are read at this moment). */
    async require(member: Member, permission: Permission): Promise<Staff> {
      const staff = await staffOf(member);
      if (!staff.permissions.has(permission)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      return staff;
    },

    /**
     * Guards every `/api/admin/…` route: each must name its permission in `config.permission`
     * (a route without one stops the start-up, so none can be added unguarded), and a request
     * gets 401 without a session and 403 without the permission, before its body is validated.
     */
    guardAdminRoutes(app: FastifyInstance, registry: AdminRoute[], writeLimit?: preHandlerAsyncHookHandler): void {
      app.decorateRequest('staff', null);
      app.addHook('onRoute', (route) => {
        if (!route.url.startsWith('/api/admin')) return;
        const permission = route.config?.permission;
        if (!permission) throw new Error(`${String(route.method)} ${route.url} needs config.permission`);
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') registry.push({ method, url: route.url, permission });
        }
        const guard = async (request: FastifyRequest) => {
          const { user } = requireUser(request);
          const staff = await staffOf({ id: user.id, isAdmin: user.isAdmin });
          if (!staff.permissions.has(permission)) {
            deps.onRefused?.(staff, permission, request);
            throw new AppError('FORBIDDEN', MESSAGES.forbidden);
          }
          request.staff = staff;
        };
        const existing = route.preValidation;
        route.preValidation = existing ? [guard, ...[existing].flat()] : [guard];
        // Every change in the admin area counts against the staff member's write limit.
        if (writeLimit && route.config?.changes !== false && ![route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) {
          const handlers = route.preHandler;
          route.preHandler = handlers ? [writeLimit, ...[handlers].flat()] : [writeLimit];
        }
      });
    },
  };
}

export type Permissions = ReturnType<typeof createPermissions>;

/** One guarded admin route, as the authorization matrix test walks them. */
export interface AdminRoute {
  method: string;
  url: string;
  permission: Permission;
}

/** The staff member of a guarded admin route (set by the guard; a route outside it is a bug). */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw new Error('staffOf: not an admin route');
  return request.staff;
}

/**
 * The viewer a staff member reads plates as while doing what their permission covers: as an
 * admin does (pending plates, any author's state), so a moderator reviews what an admin would.
 * Only for the admin routes whose permission was checked.
 */
export function moderatorView(staff: Staff): Member {
  return { id: staff.id, isAdmin: true };
}

/** The label an audit row keeps of who acted: 'admin', or their role names. */
export function roleLabel(staff: Staff): string {
  return staff.isAdmin ? 'admin' : staff.roles.join(',') || 'none';
}
