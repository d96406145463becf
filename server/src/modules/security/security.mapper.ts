import { IP_BLOCK_TYPES, type EmailDomainBlockDto, type IpBlockDto, type IpBlockType, type SecurityEventDto } from '@plates/common';
import type { EmailDomainBlock, IpBlock, SecurityEvent } from '../../db/schema/index.js';
import { toBadge, type VerifiedType } from '../users/users.author.js';

/**
 * The block type a row holds. The column's default ('permanent', from before block types) and
 * anything else unknown mean the strictest block, so an old row never silently stops applying.
 */
export function blockTypeOf(value: string): IpBlockType {
  return (IP_BLOCK_TYPES as readonly string[]).includes(value) ? (value as IpBlockType) : 'no_access';
}

/**
 * A member named on an admin page, with their badge when the query joined it (`badge` undefined:
 * not looked up, as for the acting admin in the answer to their own change).
 */
const ref = (id: number | null, username: string | null, badge?: VerifiedType) =>
  id !== null && username !== null ? { id, username, ...(badge === undefined ? {} : toBadge(badge)) } : null;

export function toIpBlockDto(
  row: { block: IpBlock; blockedBy: string | null; unblockedBy: string | null; blockedByBadge?: VerifiedType; unblockedByBadge?: VerifiedType },
  at: Date,
): IpBlockDto {
  const { block } = row;
  const status = !block.isActive ? 'removed' : block.expiresAt && block.expiresAt <= at ? 'expired' : 'active';
  return {
    id: block.id,
    ipAddress: block.ipAddress,
    blockType: blockTypeOf(block.blockType),
    reason: block.reason,
    status,
    expiresAt: block.expiresAt?.toISOString() ?? null,
    createdAt: block.createdAt.toISOString(),
    blockedBy: ref(block.blockedBy, row.blockedBy, row.blockedByBadge),
    removedAt: block.isActive ? null : block.updatedAt.toISOString(),
    removedBy: block.isActive ? null : ref(block.unblockedBy, row.unblockedBy, row.unblockedByBadge),
    removeReason: block.isActive ? null : block.unblockReason,
  };
}

export function toEmailDomainBlockDto(row: { block: EmailDomainBlock; createdBy: string | null; createdByBadge?: VerifiedType }): EmailDomainBlockDto {
  return {
    id: row.block.id,
    domain: row.block.domain,
    reason: row.block.reason,
    createdAt: row.block.createdAt.toISOString(),
    createdBy: ref(row.block.createdBy, row.createdBy, row.createdByBadge),
  };
}

export function toSecurityEventDto(row: { event: SecurityEvent; username: string | null; verifiedType?: VerifiedType }): SecurityEventDto {
  const { event } = row;
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    eventType: event.eventType,
    severity: event.severity,
    description: event.description,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    user: ref(event.userId, row.username, row.verifiedType),
    isResolved: event.isResolved,
    metadata: event.metadata ?? null,
  };
}
