import {
  RATING_INTEGRITY,
  RATINGS_VOIDED_TITLE,
  ratingsVoidedMessage,
  type BurstsResponse,
  type EvidenceQuery,
  type EvidenceResponse,
  type IntegrityMemberDto,
  type RingFindingDto,
  type RingsResponse,
  type SharedResponse,
  type VoidRatingsBody,
  type VoidRatingsResponse,
} from '@plates/common';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Award, PointsService } from '../points/points.service.js';
import type { PairRow, RatingsAdminRepository } from './ratings-admin.repository.js';

/** Reciprocal pairs read at most (a ring of n members has up to n(n-1)/2 of them). */
const PAIR_ROWS_MAX = 1000;
const EvidenceKeys = z.tuple([z.number().int().positive().max(2_147_483_647)]);

const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (n: number) => Math.round(n * 100) / 100;
const average = (count: number, sum: number) => (count > 0 ? round2(sum / count) : 0);

function member(m: { id: number; username: string; displayName: string | null; joinedAt: number }): IntegrityMemberDto {
  return { id: m.id, username: m.username, displayName: m.displayName, joinedAt: iso(m.joinedAt) };
}

const side = (p: PairRow, which: 'a' | 'b') =>
  which === 'a'
    ? { raterId: p.a, authorId: p.b, count: p.aCount, average: round2(p.aAverage), usualAverage: p.aUsual === null ? null : round2(p.aUsual), usualCount: p.aUsualCount }
    : { raterId: p.b, authorId: p.a, count: p.bCount, average: round2(p.bAverage), usualAverage: p.bUsual === null ? null : round2(p.bUsual), usualCount: p.bUsualCount };

/**
 * /admin/ratings (review_ratings; record 0034): the three detectors, the ratings behind a finding,
 * and the void: ratings go, plates are recounted, the points they gave are taken back through the
 * ledger, every member touched is told once, and one audit row records it, all in one transaction.
 */
export function createRatingsAdminService(deps: {
  repo: RatingsAdminRepository;
  points: Pick<PointsService, 'takeBack'>;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
}) {
  const { repo, audit, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Pairs and rings, largest groups first; each member with their average inside the group and for everyone else. */
    async rings(): Promise<RingsResponse> {
      const pairs = await repo.pairs(PAIR_ROWS_MAX);
      const groups = new Map<number, PairRow[]>();
      for (const p of pairs) groups.set(p.root, [...(groups.get(p.root) ?? []), p]);
      const shown = [...groups.entries()]
        .map(([root, rows]) => ({ root, rows, members: [...new Set(rows.flatMap((r) => [r.a, r.b]))].sort((x, y) => x - y) }))
        .sort((x, y) => y.members.length - x.members.length || x.root - y.root)
        .slice(0, RATING_INTEGRITY.listLimit);
      const ids = shown.flatMap((g) => g.members);
      const roots = shown.flatMap((g) => g.members.map(() => g.root));
      const stats = new Map((await repo.memberStats(ids, roots)).map((s) => [s.id, s]));
      const findings: RingFindingDto[] = shown.map((g) => ({
        kind: g.members.length >= RATING_INTEGRITY.ringMinMembers ? 'ring' : 'pair',
        members: g.members.flatMap((id) => {
          const s = stats.get(id);
          if (!s) return [];
          return [
            {
              ...member(s),
              insideCount: s.insideCount,
              insideAverage: s.insideAverage === null ? null : round2(s.insideAverage),
              usualCount: s.usualCount,
              usualAverage: s.usualAverage === null ? null : round2(s.usualAverage),
            },
          ];
        }),
        pairs: g.rows.map((p) => ({ a: side(p, 'a'), b: side(p, 'b') })),
      }));
      return { findings };
    },

    async bursts(): Promise<BurstsResponse> {
      const rows = await repo.bursts(now(), RATING_INTEGRITY.listLimit);
      return {
        findings: rows.map((b) => ({
          post: {
            id: b.postId,
            title: b.title,
            author: member({ id: b.authorId, username: b.authorUsername, displayName: b.authorDisplayName, joinedAt: b.authorJoinedAt }),
            ratingCount: b.ratingCount,
            averageRating: average(b.ratingCount, b.ratingSum),
          },
          windowStart: iso(b.windowStart),
          windowEnd: iso(b.windowEnd),
          count: b.count,
          average: round2(b.average),
          raters: b.raters.map((r) => ({ ...member(r), ratedAt: iso(r.ratedAt), rating: r.rating, accountAgeHours: Math.round((r.ratedAt - r.joinedAt) / 360_000) / 10 })),
        })),
      };
    },

    async shared(): Promise<SharedResponse> {
      const rows = await repo.shared(now(), RATING_INTEGRITY.listLimit);
      return {
        findings: rows.map((s) => ({
          ip: s.ip,
          userAgent: s.userAgent,
          lastSignInAt: iso(s.lastSignInAt),
          accounts: s.accounts.map((a) => ({ ...member(a), signIns: a.signIns, lastSignInAt: iso(a.lastSignInAt) })),
        })),
      };
    },

    async evidence(query: z.output<typeof EvidenceQuery>): Promise<EvidenceResponse> {
      const keys = decodeCursor(query.cursor, EvidenceKeys);
      const rows = await repo.evidence({
        raterIds: query.raterIds,
        authorIds: query.authorIds,
        postId: query.postId,
        beforeId: keys?.[0],
        limit: query.limit + 1,
      });
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return { ratings: shown, nextCursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null };
    },

    /**
     * Voids star ratings. Ids that are no longer star ratings (voided already) are skipped, so a
     * repeated call changes nothing and writes no second audit row.
     */
    async void(staff: Staff, body: z.output<typeof VoidRatingsBody>, meta: RequestMeta): Promise<VoidRatingsResponse> {
      return repo.transaction(async (tx) => {
        const targets = await repo.lockTargets(body.ratingIds, tx);
        const skipped = body.ratingIds.length - targets.length;
        if (targets.length === 0) return { voided: 0, skipped, posts: [], pointsTakenBack: 0, membersNotified: 0 };
        const postIds = [...new Set(targets.map((t) => t.postId))].sort((a, b) => a - b);
        const before = await repo.postCounters(postIds, tx);
        await repo.voidRatings(targets, tx);
        const after = await repo.postCounters(postIds, tx);

        // What each rating earned: the rater's 'rating_given' (per plate) and the cook's 'rating_received' (per rating).
        const awards: Award[] = targets.flatMap((t) => [
          { userId: t.userId, action: 'rating_given' as const, entityType: 'post' as const, entityId: t.postId },
          { userId: t.authorId, action: 'rating_received' as const, entityType: 'rating' as const, entityId: t.id },
        ]);
        const pointsBy = await deps.points.takeBack(awards, `Rating voided: ${body.reason}`, tx);

        const told = new Map<number, { given: number; received: number }>();
        const tally = (id: number) => told.get(id) ?? (told.set(id, { given: 0, received: 0 }), told.get(id)!);
        for (const t of targets) {
          tally(t.userId).given += 1;
          tally(t.authorId).received += 1;
        }
        const pointsTakenBack = [...pointsBy.values()].reduce((s, n) => s + n, 0);
        await audit.record(
          {
            staff,
            action: 'ratings_voided',
            reason: body.reason,
            details: {
              ratings: targets.map((t) => ({ id: t.id, postId: t.postId, raterId: t.userId, authorId: t.authorId, rating: t.rating, commentKept: t.hasComment })),
              skipped,
              points: [...pointsBy.entries()].map(([userId, points]) => ({ userId, points: -points })),
              pointsTakenBack,
            },
            before: { posts: before },
            after: { posts: after },
            meta,
          },
          tx,
        );
        for (const [userId, n] of [...told.entries()].sort((x, y) => x[0] - y[0])) {
          const points = pointsBy.get(userId) ?? 0;
          await notifications.notify(
            {
              userId,
              type: 'system',
              title: RATINGS_VOIDED_TITLE,
              message: ratingsVoidedMessage(n.given, n.received, points, body.reason),
              metadata: { ratingsGiven: n.given, ratingsReceived: n.received, points: -points },
            },
            tx,
          );
        }
        return {
          voided: targets.length,
          skipped,
          posts: after.map((p) => ({ id: p.id, ratingCount: p.ratingCount, averageRating: average(p.ratingCount, p.ratingSum) })),
          pointsTakenBack,
          membersNotified: told.size,
        };
      });
    },
  };
}

export type RatingsAdminService = ReturnType<typeof createRatingsAdminService>;
