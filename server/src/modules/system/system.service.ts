import type { SystemRepository } from './system.repository.js';

const MAINTENANCE_KEY = 'maintenance_mode';
const STATS_TTL_MS = 60_000;

export function createSystemService(deps: { repo: SystemRepository; ping: () => Promise<void>; now?: () => number }) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  let stats: { at: number; value: Promise<{ posts: number; users: number; ratings: number }> } | undefined;

  return {
    async isMaintenance(): Promise<boolean> {
      return (await repo.getSetting(MAINTENANCE_KEY)) === 'true';
    },

    async setMaintenance(on: boolean): Promise<void> {
      await repo.setSetting(MAINTENANCE_KEY, on ? 'true' : 'false');
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
