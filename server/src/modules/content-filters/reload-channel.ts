import type { Redis } from 'ioredis';

/** Tells the other instances that something changed, and hears them tell this one. */
export interface ReloadChannel {
  publish(): Promise<void>;
  subscribe(onReload: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Redis pub/sub channel: publishing goes through the app's connection, listening needs a
 * connection of its own (a subscribed connection can do nothing else). Each instance also hears
 * its own messages; reloading once more is harmless.
 */
export function redisReloadChannel(redis: Redis, channel: string): ReloadChannel {
  let subscriber: Redis | undefined;
  return {
    async publish() {
      await redis.publish(channel, 'reload');
    },
    async subscribe(onReload) {
      subscriber = redis.duplicate();
      if (subscriber.status === 'wait') await subscriber.connect();
      subscriber.on('message', (from: string) => {
        if (from === channel) onReload();
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      await subscriber?.quit();
    },
  };
}
