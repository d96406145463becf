import type { FastifyRequest } from 'fastify';
import type { Jobs } from '../../lib/jobs.js';
import type { RateLimitStore } from '../../plugins/rate-limits.js';
import type { SecurityRepository } from './security.repository.js';

/** Where a refused request came from. */
export interface EventOrigin {
  ip: string;
  userAgent?: string | null | undefined;
  userId?: number | null | undefined;
}

export function originOf(request: FastifyRequest): EventOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'], userId: request.auth?.user.id ?? null };
}

export interface SecurityEventInput {
  eventType: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  description: string;
  metadata?: Record<string, unknown>;
}

/** How long one throttle key writes at most one event. */
export const EVENT_THROTTLE_MS = 60_000;

/**
 * Writes security events after the answer has gone, each kind of refusal at most once a minute
 * per key (an address and a block type, a limit and its key), so a flood from one address costs
 * one row a minute, not one a request. The claim is in the shared rate-limit store (Redis when
 * set, so every instance counts together); this instance also remembers its own recent claims,
 * so a flood does not ask Redis on every request either.
 */
export function createSecurityLog(deps: { repo: SecurityRepository; store: RateLimitStore; jobs: Jobs; now?: () => number }) {
  const { repo, store, jobs } = deps;
  const now = deps.now ?? Date.now;
  const quietUntil = new Map<string, number>();

  function quiet(key: string): boolean {
    const at = now();
    const until = quietUntil.get(key);
    if (until !== undefined && until > at) return true;
    if (quietUntil.size > 10_000) {
      for (const [k, u] of quietUntil) if (u <= at) quietUntil.delete(k);
    }
    quietUntil.set(key, at + EVENT_THROTTLE_MS);
    return false;
  }

  return {
    /** One event, unless one with the same `throttleKey` was written within the minute. */
    record(origin: EventOrigin, event: SecurityEventInput, throttleKey: string): void {
      if (quiet(throttleKey)) return;
      const values = {
        userId: origin.userId ?? null,
        ipAddress: origin.ip,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
        eventType: event.eventType,
        severity: event.severity,
        description: event.description,
        metadata: event.metadata ?? null,
      };
      jobs.run('security-event', async () => {
        const { claimed } = await store.claim(`security-event:${throttleKey}`, EVENT_THROTTLE_MS);
        if (claimed) await repo.insertSecurityEvent(values);
      });
    },
  };
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;
