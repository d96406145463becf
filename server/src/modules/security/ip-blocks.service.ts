import {
  formatIp,
  parseIp,
  parseIpRange,
  rangeContains,
  type EmailDomainBlockDto,
  type IpBlockBody,
  type IpBlockDto,
  type IpBlocksResponse,
} from '@plates/common';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { BlockList } from './block-list.js';
import type { SecurityRepository } from './security.repository.js';
import type { EventOrigin, SecurityLog } from './security-log.js';
import { toEmailDomainBlockDto, toIpBlockDto } from './security.mapper.js';

export const SECURITY_MESSAGES = {
  noAccess:
    'Access to Plates from your network address has been blocked. If you think this is a mistake, contact the Plates team from another connection.',
  signUpBlocked:
    'New accounts cannot be created from your network address. If you think this is a mistake, contact the Plates team.',
  domainBlocked: (domain: string) =>
    `Sign-ups with email addresses at ${domain} are not accepted. Please use another email address.`,
  selfLockout: (ip: string) =>
    `This block covers your own address (${ip}): once it applies, you can no longer use Plates from this connection, this page included. Confirm to block it anyway.`,
  alreadyBlocked: (ip: string) => `${ip} is already blocked. Remove that block first to change it.`,
  blockNotFound: 'IP block not found, or already removed.',
  domainAlreadyBlocked: (domain: string) => `${domain} is already blocked.`,
  domainNotFound: 'Email domain block not found.',
  expiryPast: 'The expiry must be in the future.',
} as const;

/** How far back the list shows blocks that ended (removed or expired). */
const HISTORY_MS = 90 * 24 * 3600_000;
const LIST_LIMIT = 500;

/** The body of a new block, as the route has parsed it (the address already canonical). */
export type ParsedIpBlockBody = z.output<typeof IpBlockBody>;

export interface IpBlocksServiceDeps {
  repo: SecurityRepository;
  blockList: BlockList;
  audit: Audit;
  log: SecurityLog;
  now?: () => Date;
}

/** What a sign-up from this address and with this email needs besides the usual checks. */
export interface SignUpVerdict {
  /**
   * A `sign_up_requires_approval` block covers the address: the account is created awaiting a
   * moderator's approval. `ip` is the address in canonical form.
   */
  needsApproval: { blockId: number; range: string; ip: string } | null;
}

/** The canonical text of the address a request came from (IPv4-mapped IPv6 as IPv4). */
export function canonicalIp(ip: string): string {
  const address = parseIp(ip.replace(/%.*$/, ''));
  return address ? formatIp(address) : ip;
}

/** Every domain an address's domain is under, itself first: a.b.example.com, b.example.com, example.com. */
export function domainAndParents(email: string): string[] {
  const domain = email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** IP blocks and email-domain blocks: the admin's lists and changes, and the sign-up check. */
export function createIpBlocksService(deps: IpBlocksServiceDeps) {
  const { repo, blockList, audit, log } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(requestIp: string): Promise<IpBlocksResponse> {
      const at = now();
      const rows = await repo.ipBlockList(new Date(at.getTime() - HISTORY_MS), LIST_LIMIT);
      const blocks = rows.map((row) => toIpBlockDto(row, at));
      const rank = (b: IpBlockDto) => (b.status === 'active' ? 0 : 1);
      const endedAt = (b: IpBlockDto) => b.removedAt ?? b.expiresAt ?? b.createdAt;
      blocks.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? 0 : endedAt(b).localeCompare(endedAt(a))));
      return { blocks, yourIp: canonicalIp(requestIp) };
    },

    async create(staff: Staff, body: ParsedIpBlockBody, meta: RequestMeta): Promise<IpBlockDto> {
      const at = now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= at) throw new AppError('VALIDATION_ERROR', SECURITY_MESSAGES.expiryPast, 'expiresAt');
      const range = parseIpRange(body.ipAddress);
      if (!range) throw new Error('IpBlockBody lets only addresses and ranges through');
      const own = parseIp(canonicalIp(meta.ip));
      const locksOut = body.blockType === 'no_access' && own !== null && rangeContains(range, own);
      if (locksOut && body.confirm !== true) {
        throw new AppError('CONFLICT', SECURITY_MESSAGES.selfLockout(canonicalIp(meta.ip)), 'confirm');
      }
      const row = await repo.transaction(async (tx) => {
        const before = await repo.findIpBlockByAddress(body.ipAddress, tx);
        const saved = await repo.upsertIpBlock(
          { ipAddress: body.ipAddress, blockType: body.blockType, reason: body.reason, blockedBy: staff.id, expiresAt },
          at,
          tx,
        );
        if (!saved) throw new AppError('CONFLICT', SECURITY_MESSAGES.alreadyBlocked(body.ipAddress), 'ipAddress');
        await audit.record(
          {
            staff,
            action: 'ip_block_created',
            target: { type: 'ip_block', id: saved.id, label: saved.ipAddress },
            reason: body.reason,
            before: before
              ? {
                  blockType: before.blockType,
                  isActive: before.isActive,
                  expiresAt: before.expiresAt?.toISOString() ?? null,
                  unblockReason: before.unblockReason,
                }
              : null,
            after: { ipAddress: saved.ipAddress, blockType: saved.blockType, expiresAt: saved.expiresAt?.toISOString() ?? null },
            details: locksOut ? { coversOwnAddress: canonicalIp(meta.ip) } : null,
            meta,
          },
          tx,
        );
        return saved;
      });
      await blockList.changed();
      return toIpBlockDto({ block: row, blockedBy: staff.username, unblockedBy: null }, now());
    },

    /** Lifts a block; the row stays as history with who lifted it and why. */
    async remove(staff: Staff, id: number, reason: string | undefined, meta: RequestMeta): Promise<IpBlockDto> {
      const row = await repo.transaction(async (tx) => {
        const removed = await repo.deactivateIpBlock(id, staff.id, reason ?? null, tx);
        if (!removed) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.blockNotFound);
        await audit.record(
          {
            staff,
            action: 'ip_block_removed',
            target: { type: 'ip_block', id: removed.id, label: removed.ipAddress },
            reason: reason ?? null,
            before: { blockType: removed.blockType, expiresAt: removed.expiresAt?.toISOString() ?? null, reason: removed.reason },
            meta,
          },
          tx,
        );
        return removed;
      });
      await blockList.changed();
      const named = await repo.namedIpBlock(row.id);
      return toIpBlockDto(named ?? { block: row, blockedBy: null, unblockedBy: staff.username }, now());
    },

    async domains(): Promise<EmailDomainBlockDto[]> {
      return (await repo.emailDomainBlockList()).map(toEmailDomainBlockDto);
    },

    async blockDomain(staff: Staff, body: { domain: string; reason?: string | undefined }, meta: RequestMeta): Promise<EmailDomainBlockDto> {
      const row = await repo.transaction(async (tx) => {
        const saved = await repo.insertEmailDomainBlock({ domain: body.domain, reason: body.reason || null, createdBy: staff.id }, tx);
        if (!saved) throw new AppError('CONFLICT', SECURITY_MESSAGES.domainAlreadyBlocked(body.domain), 'domain');
        await audit.record(
          {
            staff,
            action: 'email_domain_blocked',
            target: { type: 'email_domain_block', id: saved.id, label: saved.domain },
            reason: saved.reason,
            after: { domain: saved.domain },
            meta,
          },
          tx,
        );
        return saved;
      });
      return toEmailDomainBlockDto({ block: row, createdBy: staff.username });
    },

    async unblockDomain(staff: Staff, id: number, meta: RequestMeta): Promise<void> {
      await repo.transaction(async (tx) => {
        const removed = await repo.deleteEmailDomainBlock(id, tx);
        if (!removed) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.domainNotFound);
        await audit.record(
          {
            staff,
            action: 'email_domain_unblocked',
            target: { type: 'email_domain_block', id: removed.id, label: removed.domain },
            before: { domain: removed.domain, reason: removed.reason },
            meta,
          },
          tx,
        );
      });
    },

    /**
     * Refuses a sign-up from a `sign_up_block`ed address (403) or with an email at a blocked
     * domain or one of its subdomains (403 on the email field), writing a security event (at most
     * one a minute per address and reason). A `sign_up_requires_approval` block lets it through,
     * answered for the caller to create the account awaiting approval.
     */
    async checkSignUp(email: string, origin: EventOrigin): Promise<SignUpVerdict> {
      const ip = canonicalIp(origin.ip);
      const refused = blockList.match(origin.ip, 'sign_up_block') ?? blockList.match(origin.ip, 'no_access');
      if (refused) {
        log.record(
          origin,
          {
            eventType: 'ip_blocked',
            severity: 'medium',
            description: `Sign-up refused: ${ip} is covered by the block on ${refused.ipAddress}`,
            metadata: { blockId: refused.id, blockType: refused.blockType, range: refused.ipAddress, action: 'sign_up' },
          },
          `ip_blocked:${ip}:${refused.blockType}:sign_up`,
        );
        throw new AppError('FORBIDDEN', SECURITY_MESSAGES.signUpBlocked);
      }
      const domain = await repo.blockedDomain(domainAndParents(email));
      if (domain) {
        log.record(
          origin,
          {
            eventType: 'sign_up_domain_blocked',
            severity: 'low',
            description: `Sign-up refused: the email address is at the blocked domain ${domain}`,
            metadata: { domain },
          },
          `sign_up_domain_blocked:${ip}:${domain}`,
        );
        throw new AppError('FORBIDDEN', SECURITY_MESSAGES.domainBlocked(domain), 'email');
      }
      const approval = blockList.match(origin.ip, 'sign_up_requires_approval');
      return { needsApproval: approval ? { blockId: approval.id, range: approval.ipAddress, ip } : null };
    },
  };
}

export type IpBlocksService = ReturnType<typeof createIpBlocksService>;
