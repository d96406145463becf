import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { BlockList } from './block-list.js';
import { canonicalIp, SECURITY_MESSAGES } from './ip-blocks.service.js';
import { originOf, type EventOrigin, type SecurityLog } from './security-log.js';

/**
 * Paths a `no_access` block lets through. `/api/health` tells a load balancer or orchestrator
 * whether this instance works; its probes come from addresses of their own, and a wide block that
 * happened to cover them would take every instance out of service for everyone. It answers
 * nothing but "ok".
 */
const OPEN_PATHS = new Set(['/api/health']);

/** The refusal of a `no_access`ed address, noted once a minute per address (the socket handshake uses it too). */
export function noAccessRefusal(blockList: BlockList, log: SecurityLog) {
  return (origin: EventOrigin, action: string): string | undefined => {
    const block = blockList.match(origin.ip, 'no_access');
    if (!block) return undefined;
    const ip = canonicalIp(origin.ip);
    log.record(
      origin,
      {
        eventType: 'ip_blocked',
        severity: 'medium',
        description: `Refused ${action}: ${ip} is covered by the no-access block on ${block.ipAddress}`,
        metadata: { blockId: block.id, blockType: block.blockType, range: block.ipAddress, action },
      },
      `ip_blocked:${ip}:no_access`,
    );
    return SECURITY_MESSAGES.noAccess;
  };
}

/**
 * Refuses every request from an address under a live `no_access` block with 403, before anything
 * else reads it (cookies aside: registered after them, before sessions are looked up), from the
 * in-memory block list: no database query per request.
 */
export function registerIpGuard(app: FastifyInstance, refusal: ReturnType<typeof noAccessRefusal>): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!;
    if (OPEN_PATHS.has(path)) return;
    const message = refusal({ ...originOf(request), userId: null }, `${request.method} ${path.slice(0, 200)}`);
    if (message) throw new AppError('FORBIDDEN', message);
  });
}
