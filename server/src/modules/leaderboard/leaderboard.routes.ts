import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, LeaderboardResponse, PageQuery } from '@plates/common';
import type { LeaderboardService } from './leaderboard.service.js';

export function leaderboardRoutes(options: { leaderboard: LeaderboardService }) {
  const { leaderboard } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/leaderboard',
      {
        schema: {
          tags: ['leaderboard'],
          summary: 'Active verified users by points (highest first); equal points share a rank',
          querystring: PageQuery,
          response: { 200: LeaderboardResponse, 400: ErrorBody },
        },
      },
      async (request) => leaderboard.page(request.query),
    );
  };
}
