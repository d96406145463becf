import type { Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { AdminRepository } from './admin.repository.js';
import { roleLabel, type Staff } from './permissions.js';

export interface AuditInput {
  staff: Staff;
  action: string;
  target?: { type: string; id: number; label?: string | null };
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
  meta: RequestMeta;
}

/**
 * Writes audit rows, always inside the transaction of the change they record, so a change and its
 * row commit or fail together. The table refuses updates and deletes (migration 0007).
 */
export function createAudit(repo: AdminRepository) {
  return {
    async record(input: AuditInput, tx: Tx): Promise<void> {
      await repo.insertAudit(
        {
          adminId: input.staff.id,
          adminRole: roleLabel(input.staff),
          action: input.action,
          targetType: input.target?.type ?? null,
          targetId: input.target?.id ?? null,
          targetLabel: input.target?.label ?? null,
          reason: input.reason ?? null,
          before: input.before ?? null,
          after: input.after ?? null,
          details: input.details ?? null,
          ipAddress: input.meta.ip,
          userAgent: input.meta.userAgent?.slice(0, 500) ?? null,
        },
        tx,
      );
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
