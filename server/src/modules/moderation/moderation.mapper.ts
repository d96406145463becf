import { APPEAL_WINDOW_DAYS, type ModerationTemplateDto, type StrikeDto } from '@plates/common';
import type { ModerationTemplate, UserWarning } from '../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A strike as its member and the moderators see it; `canAppeal` as of `at`. */
export function toStrikeDto(row: UserWarning, at: Date): StrikeDto {
  return {
    id: row.id,
    type: row.warningType,
    reason: row.reason,
    notice: row.notice,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    appeal:
      row.appealStatus && row.appealText && row.appealedAt
        ? {
            text: row.appealText,
            status: row.appealStatus,
            appealedAt: row.appealedAt.toISOString(),
            decidedAt: row.appealDecidedAt?.toISOString() ?? null,
            decisionReason: row.appealDecisionReason,
          }
        : null,
    canAppeal: !row.appealStatus && at.getTime() - row.createdAt.getTime() <= APPEAL_WINDOW_DAYS * DAY_MS,
  };
}

export function toTemplateDto(row: ModerationTemplate): ModerationTemplateDto {
  return {
    id: row.id,
    kind: row.kind === 'rejection' ? 'rejection' : 'report',
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}
