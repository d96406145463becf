import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Who has at least one open socket, over every tab, device and instance. `add` and `remove` answer
 * whether the call was the user's transition (first socket opened, last socket closed), so the
 * caller writes `user_online_status` and tells the audience exactly once per transition.
 */
export interface PresenceStore {
  /** Records an open socket; true when it is the user's first (the user came online). */
  add(userId: number, socketId: string): Promise<boolean>;
  /** Forgets a socket; true when it was the user's last (the user went offline). */
  remove(userId: number, socketId: string): Promise<boolean>;
  online(userIds: readonly number[]): Promise<Set<number>>;
  /**
   * Starts the instance's heartbeat; `onExpired` is told of users whose last sockets lived on an
   * instance that died without closing them (Redis only).
   */
  start(onExpired: (userIds: number[]) => void): void;
  /** Stops the heartbeat and withdraws this instance (after its sockets were removed). */
  close(): Promise<void>;
}

/** One process: a map of socket ids per user. */
export function memoryPresence(): PresenceStore {
  const sockets = new Map<number, Set<string>>();
  return {
    async add(userId, socketId) {
      const set = sockets.get(userId) ?? new Set<string>();
      sockets.set(userId, set);
      set.add(socketId);
      return set.size === 1;
    },
    async remove(userId, socketId) {
      const set = sockets.get(userId);
      if (!set?.delete(socketId)) return false;
      if (set.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
    start() {},
    async close() {},
  };
}

export interface RedisPresenceOptions {
  /** Key prefix, so parallel apps (tests) on one Redis never share presence. */
  prefix: string;
  instanceId?: string;
  heartbeatMs?: number;
  /** An instance whose heartbeat is older than this is dead; its sockets no longer count. */
  deadAfterMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Presence shared by every instance through Redis:
 *
 * - `{prefix}:user:{id}`: a hash of the user's open sockets, socket id → instance id.
 * - `{prefix}:instances`: a sorted set of instances scored by their last heartbeat (every
 *   `heartbeatMs`). A socket counts only while its instance's heartbeat is younger than
 *   `deadAfterMs`, so a crashed instance's sockets stop counting on their own.
 * - `{prefix}:instance:{iid}`: the users with sockets on that instance, for the sweep.
 *
 * `add`/`remove` change the hash and read it back in one MULTI, so two instances racing on one
 * user's first connect or last disconnect see a consistent count and only one reports the
 * transition. Each heartbeat also sweeps: an instance past `deadAfterMs` is claimed by whichever
 * live instance removes it from the sorted set first (ZREM answers 1 to one caller only); the
 * claimer deletes the dead instance's sockets and reports the users left with none, so their
 * `user_online_status` row is corrected and their audience is told, once.
 */
export function redisPresence(redis: Redis, options: RedisPresenceOptions): PresenceStore {
  const instanceId = options.instanceId ?? randomUUID();
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const deadAfterMs = options.deadAfterMs ?? 3 * heartbeatMs;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const instancesKey = `${options.prefix}:instances`;
  const userKey = (userId: number) => `${options.prefix}:user:${userId}`;
  const instanceKey = (iid: string) => `${options.prefix}:instance:${iid}`;
  let timer: NodeJS.Timeout | undefined;

  async function beat(): Promise<void> {
    await redis.zadd(instancesKey, now(), instanceId);
  }

  /** How many of these sockets live on instances whose heartbeat is fresh. */
  async function liveCount(sockets: Record<string, string>): Promise<number> {
    const owners = [...new Set(Object.values(sockets))];
    const live = await liveInstances(owners);
    return Object.values(sockets).filter((iid) => live.has(iid)).length;
  }

  async function liveInstances(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const scores = await redis.zmscore(instancesKey, ...ids);
    const threshold = now() - deadAfterMs;
    return new Set(ids.filter((iid, i) => iid === instanceId || Number(scores[i] ?? -Infinity) >= threshold));
  }

  async function sweep(onExpired: (userIds: number[]) => void): Promise<void> {
    const dead = await redis.zrangebyscore(instancesKey, '-inf', now() - deadAfterMs);
    for (const iid of dead) {
      if (iid === instanceId) continue;
      if ((await redis.zrem(instancesKey, iid)) !== 1) continue; // another instance claimed it
      const userIds = (await redis.smembers(instanceKey(iid))).map(Number);
      const offline: number[] = [];
      for (const userId of userIds) {
        const sockets = await redis.hgetall(userKey(userId));
        const theirs = Object.keys(sockets).filter((sid) => sockets[sid] === iid);
        if (theirs.length > 0) await redis.hdel(userKey(userId), ...theirs);
        for (const sid of theirs) delete sockets[sid];
        if ((await liveCount(sockets)) === 0) offline.push(userId);
      }
      await redis.del(instanceKey(iid));
      if (offline.length > 0) onExpired(offline);
    }
  }

  return {
    async add(userId, socketId) {
      const results = await redis
        .multi()
        .hset(userKey(userId), socketId, instanceId)
        .sadd(instanceKey(instanceId), String(userId))
        .hgetall(userKey(userId))
        .exec();
      const sockets = (results?.[2]?.[1] ?? {}) as Record<string, string>;
      return (await liveCount(sockets)) === 1;
    },
    async remove(userId, socketId) {
      const results = await redis.multi().hdel(userKey(userId), socketId).hgetall(userKey(userId)).exec();
      if (results?.[0]?.[1] !== 1) return false; // not ours to report (already removed)
      const sockets = (results[1]?.[1] ?? {}) as Record<string, string>;
      return (await liveCount(sockets)) === 0;
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.hvals(userKey(id));
      const results = await pipeline.exec();
      const owners = userIds.map((_, i) => (results?.[i]?.[1] ?? []) as string[]);
      const live = await liveInstances([...new Set(owners.flat())]);
      return new Set(userIds.filter((_, i) => owners[i]?.some((iid) => live.has(iid))));
    },
    start(onExpired) {
      const tick = () => {
        beat()
          .then(() => sweep(onExpired))
          .catch(onError);
      };
      tick();
      timer = setInterval(tick, heartbeatMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await redis.multi().zrem(instancesKey, instanceId).del(instanceKey(instanceId)).exec();
    },
  };
}
