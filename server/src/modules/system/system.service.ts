import type { SettingsService } from '../settings/settings.service.js';
import type { SystemRepository } from './system.repository.js';

const STATS_TTL_MS = 60_000;

export function createSystemService(deps: {
  repo: SystemRepository;
  /** Maintenance mode and registration are the admin's settings (read from memory). */
  settings: Pick<SettingsService, 'get' | 'set'>;
  ping: () => Promise<void>;
  /** With Redis configured: a PING, part of readiness. */
  redisPing?: (() => Promise<void>) | undefined;
  /** Whether this instance is draining (SIGTERM received): readiness answers no from then on. */
  draining?: () => boolean;
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  let stats: { at: number; value: Promise<{ posts: number; users: number; ratings: number }> } | undefined;

  return {
    async isMaintenance(): Promise<boolean> {
      return deps.settings.get('maintenance_mode');
    },

    registrationMode() {
      return deps.settings.get('registration_mode');
    },

    /** What every page shows of the site settings (read from memory). */
    site() {
      return {
        name: deps.settings.get('site_name'),
        contactEmail: deps.settings.get('contact_email'),
        maxUploadBytes: deps.settings.get('max_upload_mb') * 1024 * 1024,
      };
    },

    /** Switches maintenance mode without an admin (tests, scripts): the admin's way is PUT /api/admin/settings. */
    async setMaintenance(on: boolean): Promise<void> {
      await deps.settings.set('maintenance_mode', on);
    },

    /** Counts for the sign-in page, computed at most once a minute: they are marketing numbers. */
    communityStats() {
      if (!stats || now() - stats.at > STATS_TTL_MS) {
        const value = repo.communityCounts();
        stats = { at: now(), value };
        value.catch(() => (stats = undefined));
      }
      return stats.value;
    },

    /**
     * Readiness (record 0042): not draining, the database answers and, when configured, Redis does.
     * Migrations are applied before the app exists, so an instance that answers is migrated.
     * Answers the first reason it is not ready, or undefined when it is.
     */
    async notReadyBecause(): Promise<'draining' | 'database' | 'redis' | undefined> {
      if (deps.draining?.()) return 'draining';
      const [database, redis] = await Promise.all([
        deps.ping().then(() => true, () => false),
        deps.redisPing ? deps.redisPing().then(() => true, () => false) : true,
      ]);
      if (deps.draining?.()) return 'draining';
      if (!database) return 'database';
      if (!redis) return 'redis';
      return undefined;
    },

    async healthy(): Promise<boolean> {
      try {
        await deps.ping();
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
