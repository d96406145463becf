import type { SecurityEventDto, SecurityEventsPage } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import { toSecurityEventDto } from './security.mapper.js';
import type { SecurityEventFilter, SecurityRepository } from './security.repository.js';

export const SECURITY_EVENTS_PAGE_SIZE = 50;

export const SECURITY_EVENT_MESSAGES = {
  notFound: 'Security event not found.',
  alreadyResolved: 'This security event is already resolved.',
} as const;

/** The security events staff review: the list, and marking one resolved. */
export function createSecurityEventsService(deps: { repo: SecurityRepository; audit: Audit }) {
  const { repo, audit } = deps;
  return {
    async list(filter: SecurityEventFilter, page: number): Promise<SecurityEventsPage> {
      const { rows, total } = await repo.securityEventPage(filter, page, SECURITY_EVENTS_PAGE_SIZE);
      return {
        events: rows.map(toSecurityEventDto),
        page,
        total,
        totalPages: Math.max(1, Math.ceil(total / SECURITY_EVENTS_PAGE_SIZE)),
      };
    },

    async resolve(staff: Staff, id: number, note: string | undefined, meta: RequestMeta): Promise<SecurityEventDto> {
      await repo.transaction(async (tx) => {
        const found = await repo.findSecurityEvent(id, tx);
        if (!found) throw new AppError('NOT_FOUND', SECURITY_EVENT_MESSAGES.notFound);
        const resolved = await repo.resolveSecurityEvent(id, tx);
        if (!resolved) throw new AppError('CONFLICT', SECURITY_EVENT_MESSAGES.alreadyResolved);
        await audit.record(
          {
            staff,
            action: 'security_event_resolved',
            target: { type: 'security_event', id, label: found.event.eventType },
            reason: note || null,
            before: { isResolved: false },
            after: { isResolved: true },
            meta,
          },
          tx,
        );
      });
      const row = await repo.findSecurityEvent(id);
      if (!row) throw new AppError('NOT_FOUND', SECURITY_EVENT_MESSAGES.notFound);
      return toSecurityEventDto(row);
    },
  };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;
