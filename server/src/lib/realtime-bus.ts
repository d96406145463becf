import type { ServerEventName, ServerEventPayload } from '@plates/common';

/**
 * How services reach people in realtime: an event to every open tab and device of a user. The
 * realtime plugin (Socket.IO, a room per user, the Redis adapter across instances) implements it;
 * services take it as a collaborator and never import Socket.IO. Delivery is best effort: the
 * row is always stored first, and clients poll as the fallback.
 */
export interface RealtimeBus {
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
}

/** A bus that delivers nothing (tests, scripts, and before the socket is attached). */
export const silentBus: RealtimeBus = { toUser() {} };
