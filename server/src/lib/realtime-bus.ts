import type { ServerEventName, ServerEventPayload } from '@plates/common';

/**
 * How services reach people in realtime: an event to every open tab and device of a user. The
 * realtime plugin (Socket.IO, a room per user, the Redis adapter across instances) implements it;
 * services take it as a collaborator and never import Socket.IO. Delivery is best effort: the
 * row is always stored first, and clients poll as the fallback.
 */
export interface RealtimeBus {
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Which of these users have at least one open socket, on any instance. Optional so that fakes
   * need not implement it; absent means nobody is known to be online.
   */
  readonly isOnline?: (userIds: readonly number[]) => Promise<Set<number>>;
}

/** A bus that delivers nothing (tests, scripts, and before the socket is attached). */
export const silentBus: RealtimeBus = { toUser() {}, isOnline: async () => new Set() };
