import type { StrikeDto, StrikeType } from '@plates/common';
import { Ban, Clock, Flag, ShieldAlert, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { formatFullDate } from '../../lib/format-time';
import { cn } from '../../lib/utils';

export const STRIKE_LABELS: Record<StrikeType, { label: string; icon: LucideIcon }> = {
  warn: { label: 'Warning', icon: ShieldAlert },
  remove_content: { label: 'Plate removed', icon: Trash2 },
  restrict: { label: 'Restriction', icon: Clock },
  suspend: { label: 'Suspension', icon: Ban },
};

const APPEAL_LABELS = {
  pending: { label: 'Appeal pending', variant: 'secondary' },
  approved: { label: 'Appeal approved', variant: 'success' },
  rejected: { label: 'Appeal rejected', variant: 'outline' },
} as const;

/** Where a strike stands: in force (until when), lifted, or over. */
export function strikeState(strike: Pick<StrikeDto, 'type' | 'isActive' | 'liftedAt' | 'expiresAt'>): { label: string; active: boolean } {
  if (strike.liftedAt) return { label: `Lifted ${formatFullDate(strike.liftedAt)}`, active: false };
  if (!strike.isActive) return { label: 'Over', active: false };
  if (strike.type === 'restrict' || strike.type === 'suspend') {
    return { label: strike.expiresAt ? `In force until ${formatFullDate(strike.expiresAt)}` : 'In force until lifted', active: true };
  }
  return { label: 'On record', active: true };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * One strike as both sides see it: its kind and state, the reason, the notice the member was sent,
 * its dates and the appeal. Shared by the member's Settings (users) and the admin area, each
 * importing this file directly: through a feature's index it would join the first load.
 */
export function StrikeDetails({
  strike,
  showNotice = true,
  appealLabel = 'Appeal',
  className,
}: {
  strike: StrikeDto;
  showNotice?: boolean;
  /** The heading of the appeal's text ("Your appeal" on the member's side). */
  appealLabel?: string;
  className?: string;
}) {
  const kind = STRIKE_LABELS[strike.type];
  const state = strikeState(strike);
  const appeal = strike.appeal ? APPEAL_LABELS[strike.appeal.status] : null;
  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={strike.type === 'warn' ? 'warning' : 'default'}>
          <kind.icon aria-hidden="true" />
          {kind.label}
        </Badge>
        <Badge variant={state.active ? 'secondary' : 'success'}>{state.label}</Badge>
        {appeal ? <Badge variant={appeal.variant}>{appeal.label}</Badge> : null}
        <time dateTime={strike.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatFullDate(strike.createdAt)}
        </time>
      </div>
      <dl className="grid gap-2">
        {strike.targetLabel ? (
          <Row label="About">
            <span className="inline-flex items-center gap-1">
              <Flag className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {strike.targetType === 'post' ? `Plate “${strike.targetLabel}”` : `@${strike.targetLabel}`}
            </span>
          </Row>
        ) : null}
        <Row label="Reason">{strike.reason}</Row>
        {showNotice ? <Row label="Notice">{strike.notice}</Row> : null}
        {strike.appeal ? (
          <Row label={appealLabel}>
            <span className="block">{strike.appeal.text}</span>
            <span className="mt-1 block text-xs text-muted-foreground">
              Sent {formatFullDate(strike.appeal.appealedAt)}
              {strike.appeal.decidedAt ? `, decided ${formatFullDate(strike.appeal.decidedAt)}` : ''}
            </span>
            {strike.appeal.decisionReason ? (
              <span className="mt-1 block">
                <span className="font-medium">Moderator’s answer:</span> {strike.appeal.decisionReason}
              </span>
            ) : null}
          </Row>
        ) : null}
      </dl>
    </div>
  );
}
