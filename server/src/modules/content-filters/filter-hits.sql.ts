import { and, eq, sql } from 'drizzle-orm';
import { securityEvents } from '../../db/schema/index.js';

/** The event type of a recorded filter hit in `security_events`. */
export const FILTER_HIT_EVENT = 'content_filter_hit';

/** The recorded filter hits on one stored thing (a plate, a comment…): its type and id in the metadata. */
export const hitsOnEntity = (entityType: string, entityId: number) =>
  and(
    eq(securityEvents.eventType, FILTER_HIT_EVENT),
    sql`${securityEvents.metadata}->>'entityType' = ${entityType}`,
    sql`${securityEvents.metadata}->>'entityId' = ${String(entityId)}`,
  );
