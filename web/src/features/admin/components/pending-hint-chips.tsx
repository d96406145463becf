import type { AnalysisHints, ApprovalStatus, PendingHint } from '@plates/common';
import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An account younger than this is highlighted as new. */
export const NEW_ACCOUNT_DAYS = 7;

/** "Joined today", "Joined 3 days ago", "Joined 5 weeks ago", "Joined 2 years ago". */
export function joinedText(joinedAt: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(joinedAt).getTime()) / DAY_MS);
  if (!Number.isFinite(days)) return 'Joined recently';
  const ago = (n: number, unit: string) => `Joined ${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (days < 1) return 'Joined today';
  if (days < 14) return ago(days, 'day');
  if (days < 60) return ago(Math.floor(days / 7), 'week');
  if (days < 365) return ago(Math.floor(days / 30), 'month');
  return ago(Math.floor(days / 365), 'year');
}

function isNewAccount(joinedAt: string, now: Date): boolean {
  return now.getTime() - new Date(joinedAt).getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
}

const STATUS_WORD: Record<ApprovalStatus, string> = { approved: 'approved', pending: 'pending', rejected: 'rejected' };

// like a Badge, but a link whose words may wrap on a phone
const chipLink =
  'inline-flex max-w-full items-start gap-1 rounded-xl px-2 py-0.5 text-xs font-semibold [overflow-wrap:anywhere] underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0';

/**
 * What helps decide on a pending plate, from the queue's `hints`: the cook's record (account age,
 * approved plates, strikes, reports) and each earlier plate whose photo is nearly the same. Its own
 * component so other chips (content filters) can sit beside it without touching it.
 */
export function PendingHintChips({ hint, authorId, now = new Date() }: { hint: PendingHint | undefined; authorId: number; now?: Date }) {
  if (!hint) return null;
  const { author, duplicates } = hint;
  const isNew = isNewAccount(author.joinedAt, now);
  return (
    <div className="grid min-w-0 gap-1.5">
      <ul aria-label="The cook's record" className="flex min-w-0 flex-wrap gap-1.5">
        <li>
          <Badge variant={isNew ? 'warning' : 'outline'} title={formatFullDate(author.joinedAt)}>
            {joinedText(author.joinedAt, now)}
            {isNew ? <span className="sr-only"> (new account)</span> : null}
          </Badge>
        </li>
        <li>
          <Badge variant={author.approvedPlates === 0 ? 'secondary' : 'outline'}>
            {author.approvedPlates === 0
              ? 'No approved plates yet'
              : `${author.approvedPlates} approved ${author.approvedPlates === 1 ? 'plate' : 'plates'}`}
          </Badge>
        </li>
        <li>
          <Badge variant={author.activeStrikes > 0 ? 'warning' : 'outline'}>
            {author.strikes === 0 ? 'No strikes' : `${author.strikes} ${author.strikes === 1 ? 'strike' : 'strikes'}`}
            {author.activeStrikes > 0 ? `, ${author.activeStrikes} in force` : ''}
          </Badge>
        </li>
        <li>
          <Badge variant={author.reportsReceived > 0 ? 'secondary' : 'outline'}>
            {author.reportsReceived === 0
              ? 'No reports'
              : `${author.reportsReceived} ${author.reportsReceived === 1 ? 'report' : 'reports'} received`}
          </Badge>
        </li>
      </ul>
      {hint.analysis ? <AnalysisChips analysis={hint.analysis} /> : null}
      {duplicates.length > 0 ? (
        <ul aria-label="Looks like an earlier plate" className="flex min-w-0 flex-wrap gap-1.5">
          {duplicates.map((d) => {
            const sameCook = d.userId === authorId;
            return (
              <li key={d.id} className="min-w-0 max-w-full">
                <Link
                  to={`/posts/${d.id}`}
                  title={`The photos differ in ${d.distance} of 64 bits`}
                  className={cn(
                    chipLink,
                    sameCook
                      ? 'bg-secondary text-secondary-foreground'
                      : 'border border-destructive/50 bg-destructive/10 text-foreground [&_svg]:text-destructive',
                  )}
                >
                  <Copy aria-hidden="true" />
                  <span>
                    Looks like an earlier plate: “{d.title}” ({STATUS_WORD[d.approvalStatus]}),{' '}
                    {sameCook ? 'by the same cook' : 'by another cook'}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** The words of the photo analysis' hints: a held photo's score, no food found (and what it looks like), the quality score. */
export function analysisChips(analysis: AnalysisHints): { text: string; variant: 'warning' | 'secondary' | 'outline' }[] {
  const chips: ReturnType<typeof analysisChips> = [];
  if (analysis.nsfw?.held) chips.push({ text: `Adult content? ${Math.round(analysis.nsfw.score * 100)}%`, variant: 'warning' });
  if (analysis.noFood) chips.push({ text: `No food found${analysis.noFood.best ? ` — looks like a ${analysis.noFood.best}` : ''}`, variant: 'secondary' });
  if (analysis.qualityScore !== null) chips.push({ text: `Photo quality ${analysis.qualityScore}/100`, variant: 'outline' });
  return chips;
}

/** What the photo analysis found on a pending plate; nothing when it found nothing to say. */
function AnalysisChips({ analysis }: { analysis: AnalysisHints }) {
  const chips = analysisChips(analysis);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Photo analysis" className="flex min-w-0 flex-wrap gap-1.5">
      {chips.map(({ text, variant }) => (
        <li key={text} className="min-w-0 max-w-full">
          <Badge variant={variant} className="whitespace-normal [overflow-wrap:anywhere]">
            {text}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
