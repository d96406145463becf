import {
  ADJUSTMENT_TITLE,
  ADMIN_ADJUSTMENT,
  POINT_MESSAGES,
  adjustmentMessage,
  type AdjustmentResponse,
  type LedgerEntryDto,
  type LedgerResponse,
  type PointRuleDto,
  type PublicPointRule,
  type PointsMemberDto,
  type RecomputeResponse,
} from '@plates/common';
import { z } from 'zod';
import type { AdjustmentBody, LedgerQuery, PointRulePatch } from '@plates/common';
import type { PointRule } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsRepository } from './points.repository.js';
import type { PointsAdminRepository } from './points-admin.repository.js';
import type { PointsService } from './points.service.js';

/** Members recomputed per statement: bounded memory (their ids) and lock batches. */
export const RECOMPUTE_BATCH = 2000;
const SEARCH_LIMIT = 10;
const DAY_MS = 86_400_000;
const LedgerKeys = z.tuple([z.string().min(1).max(64), z.number().int().positive().max(2_147_483_647)]);

export function toPointRuleDto(row: PointRule): PointRuleDto {
  return {
    id: row.id,
    actionType: row.actionType,
    description: row.description,
    pointsAwarded: row.pointsAwarded,
    isActive: row.isActive,
    dailyCap: row.dailyCap,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type LedgerRow = Awaited<ReturnType<PointsAdminRepository['ledger']>>[number];

function toLedgerEntryDto(row: LedgerRow): LedgerEntryDto {
  return {
    id: row.id,
    points: row.points,
    balance: Number(row.balance),
    description: row.description,
    rule: row.rule,
    relatedEntityType: row.relatedEntityType,
    relatedEntityId: row.relatedEntityId,
    manual: row.relatedEntityType === ADMIN_ADJUSTMENT,
    timestamp: row.timestamp.toISOString(),
  };
}

const ruleView = (row: PointRule) => ({ pointsAwarded: row.pointsAwarded, isActive: row.isActive, dailyCap: row.dailyCap });

/**
 * /admin/point-system (manage_points; record 0032): rules, a member's ledger, adjustments and the
 * recompute. Each change and its audit row commit together; an adjustment moves the member's total
 * and level in that transaction, and tells them (and of each level reached, as awards do).
 */
export function createPointsAdminService(deps: {
  repo: PointsAdminRepository;
  points: Pick<PointsRepository, 'addPoints'>;
  levels: Pick<PointsService, 'announceLevels'>;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  batchSize?: number;
}) {
  const { repo, audit, notifications } = deps;
  const batchSize = deps.batchSize ?? RECOMPUTE_BATCH;

  async function memberOrThrow(id: number): Promise<PointsMemberDto> {
    const member = await repo.member(id);
    if (!member) throw new AppError('USER_NOT_FOUND', POINT_MESSAGES.memberNotFound);
    return member;
  }

  async function ledger(userId: number, query: z.output<typeof LedgerQuery>): Promise<LedgerResponse> {
    const member = await memberOrThrow(userId);
    const keys = decodeCursor(query.cursor, LedgerKeys);
    const rows = await repo.ledger(userId, {
      ruleId: query.ruleId,
      manual: query.manual,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
      after: keys ? { at: keys[0], id: keys[1] } : undefined,
      limit: query.limit + 1,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown[shown.length - 1];
    return {
      member,
      entries: shown.map(toLedgerEntryDto),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.at, last.id]) : null,
    };
  }

  return {
    async rules(): Promise<PointRuleDto[]> {
      return (await repo.rules()).map(toPointRuleDto);
    },

    /** What each action earns now, for everyone (/how-it-works): the active rules that give or take points. */
    async publicRules(): Promise<PublicPointRule[]> {
      return (await repo.rules())
        .filter((rule) => rule.isActive && rule.pointsAwarded !== 0)
        .map((rule) => ({ actionType: rule.actionType, description: rule.description, points: rule.pointsAwarded, dailyCap: rule.dailyCap }));
    },

    /** Changes a rule for the awards from now on (the ledger keeps what was earned). */
    async updateRule(staff: Staff, id: number, patch: z.output<typeof PointRulePatch>, meta: RequestMeta): Promise<PointRuleDto> {
      const row = await repo.transaction(async (tx) => {
        const before = await repo.lockRule(id, tx);
        if (!before) throw new AppError('NOT_FOUND', POINT_MESSAGES.ruleNotFound);
        const saved = await repo.updateRule(id, patch, tx);
        await audit.record(
          { staff, action: 'point_rule_updated', target: { type: 'point_rule', id, label: saved.actionType }, before: ruleView(before), after: ruleView(saved), meta },
          tx,
        );
        return saved;
      });
      return toPointRuleDto(row);
    },

    async searchMembers(q: string): Promise<PointsMemberDto[]> {
      return repo.searchMembers(q, SEARCH_LIMIT);
    },

    ledger,

    /**
     * A manual adjustment: a ledger row with the reason, the member's points and level moved in the
     * same transaction (never below 0), the audit row, and the member told (levels reached too).
     */
    async adjust(staff: Staff, userId: number, body: z.output<typeof AdjustmentBody>, meta: RequestMeta): Promise<AdjustmentResponse> {
      const entryId = await repo.transaction(async (tx) => {
        const before = await repo.lockMember(userId, tx);
        if (!before) throw new AppError('USER_NOT_FOUND', POINT_MESSAGES.memberNotFound);
        if (before.points + body.points < 0) throw new AppError('VALIDATION_ERROR', POINT_MESSAGES.belowZero, 'points');
        const entry = await repo.insertAdjustment({ userId, points: body.points, reason: body.reason, adminId: staff.id }, tx);
        const levels = await deps.points.addPoints(userId, body.points, tx);
        await audit.record(
          {
            staff,
            action: 'points_adjusted',
            target: { type: 'user', id: userId, label: before.username },
            reason: body.reason,
            before: { points: before.points, level: before.level },
            after: { points: before.points + body.points, level: levels?.after ?? before.level },
            details: { points: body.points, transactionId: entry.id },
            meta,
          },
          tx,
        );
        await notifications.notify(
          { userId, type: 'system', title: ADJUSTMENT_TITLE, message: adjustmentMessage(body.points, body.reason), metadata: { points: body.points, transactionId: entry.id } },
          tx,
        );
        await deps.levels.announceLevels(userId, levels, tx);
        return entry.id;
      });
      const { member, entries } = await ledger(userId, { limit: 1 });
      const entry = entries.find((e) => e.id === entryId) ?? entries[0];
      if (!entry) throw new Error('adjust: the ledger row is missing');
      return { member, entry };
    },

    /**
     * Rebuilds every member's points and level from the ledger, a batch of members per statement,
     * all in one transaction with its audit row (how many changed). A second run changes nothing.
     */
    async recompute(staff: Staff, meta: RequestMeta): Promise<RecomputeResponse> {
      return repo.transaction(async (tx) => {
        let after = 0;
        let members = 0;
        let changed = 0;
        for (;;) {
          const batch = await repo.recomputeBatch(after, batchSize, tx);
          if (batch.lastId === null) break;
          after = batch.lastId;
          members += batch.read;
          changed += batch.changed;
        }
        await audit.record({ staff, action: 'points_recomputed', details: { members, changed }, meta }, tx);
        return { members, changed };
      });
    },
  };
}

export type PointsAdminService = ReturnType<typeof createPointsAdminService>;
