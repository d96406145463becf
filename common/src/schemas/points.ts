import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { Id } from './posts.js';

/**
 * The point system's admin side (issue 16, /admin/point-system; decision record 0032): the rules
 * that say what an action earns, each member's ledger, manual adjustments and the recompute.
 */

/** A rule's amount per award (negative rules take points away). */
export const RULE_POINTS_MIN = -1000;
export const RULE_POINTS_MAX = 1000;
/** A rule's daily cap: the most one member earns from it per UTC day; null means no cap. */
export const DAILY_CAP_MAX = 100_000;
/** One manual adjustment, either way (never 0). */
export const ADJUSTMENT_MAX = 100_000;
export const ADJUSTMENT_REASON_MAX = 500;
/** `point_transactions.related_entity_type` of an admin's adjustment (its entity is the admin). */
export const ADMIN_ADJUSTMENT = 'admin_adjustment';

export const POINT_MESSAGES = {
  ruleNotFound: 'Point rule not found',
  memberNotFound: 'Member not found',
  wholeNumber: 'Use a whole number',
  pointsRange: `Points must be between ${RULE_POINTS_MIN} and ${RULE_POINTS_MAX}`,
  capRange: `The daily cap must be between 1 and ${DAILY_CAP_MAX}`,
  adjustmentRange: `The adjustment must be between -${ADJUSTMENT_MAX} and ${ADJUSTMENT_MAX}`,
  adjustmentZero: 'The adjustment cannot be 0',
  reasonRequired: 'A reason is required',
  reasonTooLong: `Reason cannot exceed ${ADJUSTMENT_REASON_MAX} characters`,
  belowZero: "This would take the member's points below 0",
  badDate: 'Give a date',
} as const;

/** The notification a member gets when an admin adjusts their points. */
export const ADJUSTMENT_TITLE = 'Points adjusted';
export function adjustmentMessage(points: number, reason: string): string {
  return `An admin adjusted your points (${points > 0 ? '+' : ''}${points}): ${reason}`;
}

const Whole = () => z.number({ error: POINT_MESSAGES.wholeNumber }).int(POINT_MESSAGES.wholeNumber);

export const RulePoints = Whole().min(RULE_POINTS_MIN, POINT_MESSAGES.pointsRange).max(RULE_POINTS_MAX, POINT_MESSAGES.pointsRange);
export const DailyCap = Whole().min(1, POINT_MESSAGES.capRange).max(DAILY_CAP_MAX, POINT_MESSAGES.capRange).nullable();

export const PointRuleDto = z.object({
  id: z.number().int(),
  actionType: z.string(),
  description: z.string().nullable(),
  pointsAwarded: z.number().int(),
  isActive: z.boolean(),
  dailyCap: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type PointRuleDto = z.infer<typeof PointRuleDto>;
export const PointRulesResponse = z.object({ rules: z.array(PointRuleDto) });
export type PointRulesResponse = z.infer<typeof PointRulesResponse>;

/** `GET /api/points/rules`: what each action earns now, for /how-it-works (active rules only). */
export const PublicPointRule = z.object({
  actionType: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  /** The most one member can earn by it in a day; null: no cap. */
  dailyCap: z.number().int().nullable(),
});
export type PublicPointRule = z.infer<typeof PublicPointRule>;
export const PublicPointRulesResponse = z.object({ rules: z.array(PublicPointRule) });
export type PublicPointRulesResponse = z.infer<typeof PublicPointRulesResponse>;

/** `PATCH /api/admin/points/rules/{id}`: the fields to change (future awards only). */
export const PointRulePatch = z
  .object({ pointsAwarded: RulePoints, isActive: z.boolean(), dailyCap: DailyCap })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { message: 'Nothing to change' });
export type PointRulePatch = z.input<typeof PointRulePatch>;

/** A member as the point-system page shows them. */
export const PointsMemberDto = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  points: z.number().int(),
  level: z.number().int(),
});
export type PointsMemberDto = z.infer<typeof PointsMemberDto>;

export const PointsMemberSearchQuery = z.object({ q: z.string().trim().min(1).max(50) });
export const PointsMembersResponse = z.object({ members: z.array(PointsMemberDto) });
export type PointsMembersResponse = z.infer<typeof PointsMembersResponse>;

const Day = z.iso.date({ error: POINT_MESSAGES.badDate });

/** `GET /api/admin/points/members/{id}/ledger`: newest first; `from`/`to` are UTC days, both included. */
export const LedgerQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('Limit', 1, 100, 25),
  ruleId: Id.optional(),
  manual: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type LedgerQuery = z.input<typeof LedgerQuery>;

export const LedgerEntryDto = z.object({
  id: z.number().int(),
  points: z.number().int(),
  /** The member's total just after this row (over their whole ledger, whatever the filters). */
  balance: z.number().int(),
  description: z.string().nullable(),
  rule: z.object({ id: z.number().int(), actionType: z.string() }).nullable(),
  relatedEntityType: z.string().nullable(),
  relatedEntityId: z.number().int().nullable(),
  manual: z.boolean(),
  timestamp: z.string(),
});
export type LedgerEntryDto = z.infer<typeof LedgerEntryDto>;

export const LedgerResponse = z.object({
  member: PointsMemberDto,
  entries: z.array(LedgerEntryDto),
  nextCursor: z.string().nullable(),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;

/** `POST /api/admin/points/members/{id}/adjustments`. */
export const AdjustmentBody = z.object({
  points: Whole()
    .min(-ADJUSTMENT_MAX, POINT_MESSAGES.adjustmentRange)
    .max(ADJUSTMENT_MAX, POINT_MESSAGES.adjustmentRange)
    .refine((n) => n !== 0, POINT_MESSAGES.adjustmentZero),
  reason: z.string().trim().min(1, POINT_MESSAGES.reasonRequired).max(ADJUSTMENT_REASON_MAX, POINT_MESSAGES.reasonTooLong),
});
export type AdjustmentBody = z.input<typeof AdjustmentBody>;
export const AdjustmentResponse = z.object({ member: PointsMemberDto, entry: LedgerEntryDto });
export type AdjustmentResponse = z.infer<typeof AdjustmentResponse>;

/** `POST /api/admin/points/recompute`: how many members were read and how many totals changed. */
export const RecomputeResponse = z.object({ members: z.number().int(), changed: z.number().int() });
export type RecomputeResponse = z.infer<typeof RecomputeResponse>;
