import { LEVELS, levelForPoints, type LeaderboardResponse } from '@plates/common';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toAuthor } from '../users/users.author.js';
import type { LeaderboardRepository, LeaderboardRow } from './leaderboard.repository.js';

type Entry = LeaderboardResponse['users'][number];

/** Leaderboard pages end at the last row shown: `[points, id]`. */
const LeaderboardKeys = z.tuple([z.number().int(), z.number().int().positive().max(2_147_483_647)]);

export function encodeLeaderboardCursor(row: { points: number; id: number }): string {
  return encodeCursor([row.points, row.id]);
}

export function decodeLeaderboardCursor(cursor: string | undefined): { points: number; id: number } | null {
  const keys = decodeCursor(cursor, LeaderboardKeys);
  return keys ? { points: keys[0], id: keys[1] } : null;
}

export function toLeaderboardEntry(row: LeaderboardRow, rank: number): Entry {
  const level = LEVELS.find((l) => l.level === row.level) ?? levelForPoints(row.points);
  return { ...toAuthor(row, row.verifiedType), level: level.level, rank, levelName: level.name };
}

/**
 * Ranked by points (highest first), ties broken by id for a stable order. Ranks are standard
 * competition ranks ("1, 2, 2, 4"): users with equal points share a rank, and the next distinct
 * score takes its position. They are computed from the database, so they stay right across pages.
 */
export function createLeaderboardService(deps: { repo: LeaderboardRepository }) {
  const { repo } = deps;
  return {
    async page(query: { cursor?: string | undefined; limit: number }): Promise<LeaderboardResponse> {
      const after = decodeLeaderboardCursor(query.cursor);
      const rows = await repo.page(after, query.limit + 1);
      const shown = rows.slice(0, query.limit);
      const first = shown[0];
      if (!first) return { users: [], nextCursor: null };
      const { above, tiedBefore } = await repo.standing(first.points, first.id);
      const firstPosition = above + tiedBefore + 1;
      let rank = above + 1;
      const users = shown.map((row, index) => {
        const previous = shown[index - 1];
        if (previous && previous.points !== row.points) rank = firstPosition + index;
        return toLeaderboardEntry(row, rank);
      });
      const last = shown[shown.length - 1];
      return { users, nextCursor: rows.length > query.limit && last ? encodeLeaderboardCursor(last) : null };
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
