import type { ReportAction, ReportGroupDto } from '@plates/common';
import { Ban, CircleSlash, Clock, History, ShieldAlert, Trash2, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatFullDate } from '../../../lib/format-time';
import { StrikeDetails } from '../../../components/moderation/strike-details';
import { reportReasonLabel } from '../lib/labels';
import { PersonLine, StatusChip } from './person';
import { useAuth } from '../../auth';
import { AuditSlice } from './audit-slice';
import { ResolveReportDialog } from './resolve-report-dialog';

const OUTCOMES: Record<string, string> = {
  dismiss: 'Dismissed',
  dismissed: 'Dismissed',
  warn: 'Warned',
  remove_content: 'Content removed',
  restrict: 'Restricted',
  suspend: 'Suspended',
  resolved: 'Resolved',
};

/** What each kind of target is called. */
const KIND = { post: 'Plate', user: 'Profile', comment: 'Comment' } as const;

const BUTTONS: { action: ReportAction; label: string; icon: LucideIcon; contentOnly?: boolean; destructive?: boolean }[] = [
  { action: 'dismiss', label: 'Dismiss', icon: CircleSlash },
  { action: 'warn', label: 'Warn', icon: ShieldAlert },
  { action: 'remove_content', label: 'Remove', icon: Trash2, contentOnly: true },
  { action: 'restrict', label: 'Restrict', icon: Clock },
  { action: 'suspend', label: 'Suspend', icon: Ban, destructive: true },
];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The reported thing as a member would see it: the plate, the comment, or the profile. */
function TargetPreview({ target }: { target: ReportGroupDto['target'] }) {
  const { post, owner, comment } = target;
  if (target.type === 'comment') {
    if (!comment) return <p className="rounded-xl bg-muted px-3 py-6 text-center text-sm text-muted-foreground">This comment was deleted ({target.label}).</p>;
    return (
      <div className="grid gap-2">
        {owner ? <PersonLine person={owner} avatarClass="size-8" /> : null}
        <blockquote className="whitespace-pre-line break-words rounded-xl border-l-4 bg-muted/60 px-3 py-2 text-sm">{comment.text}</blockquote>
        <p className="text-xs text-muted-foreground">
          On{' '}
          <Link to={`/posts/${comment.postId}#comments-section`} className="font-medium text-foreground underline-offset-2 hover:underline">
            {comment.postTitle}
          </Link>
          {comment.removed ? ' · removed' : ''}
        </p>
      </div>
    );
  }
  if (target.type === 'post') {
    if (!post) return <p className="rounded-xl bg-muted px-3 py-6 text-center text-sm text-muted-foreground">This plate was deleted ({target.label}).</p>;
    return (
      <div className="flex gap-3">
        <img src={post.imageUrl} alt={post.title} loading="lazy" decoding="async" className="size-24 shrink-0 rounded-xl bg-muted object-cover sm:size-32" />
        <div className="grid min-w-0 flex-1 content-start gap-1.5">
          {post.description ? <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{post.description}</p> : null}
          {owner ? <PersonLine person={owner} avatarClass="size-8" /> : null}
          <p className="text-xs text-muted-foreground">
            Posted <time dateTime={post.createdAt}>{formatFullDate(post.createdAt)}</time>
            {post.approvalStatus !== 'approved' ? ` · ${post.approvalStatus}` : ''}
          </p>
        </div>
      </div>
    );
  }
  if (!owner) return <p className="rounded-xl bg-muted px-3 py-6 text-center text-sm text-muted-foreground">This account no longer exists ({target.label}).</p>;
  return (
    <div className="grid gap-2">
      <PersonLine person={owner} avatarClass="size-14" />
      {owner.bio ? <p className="whitespace-pre-line text-sm">{owner.bio}</p> : <p className="text-sm text-muted-foreground">No bio.</p>}
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <StatusChip status={owner.accountStatus} />
        Joined <time dateTime={owner.createdAt}>{formatFullDate(owner.createdAt)}</time>
      </p>
    </div>
  );
}

/** One queue item: a target, every report of it, the owner's record, and (pending) the actions. */
export function ReportGroupCard({ group }: { group: ReportGroupDto }) {
  const id = useId();
  const [action, setAction] = useState<ReportAction | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const canAudit = useAuth().permissions.includes('view_audit_log');
  const { target } = group;
  const pending = group.outcome === null;
  const title =
    target.type === 'post'
      ? (target.post?.title ?? target.label)
      : target.type === 'comment'
        ? target.label
        : target.owner
          ? `@${target.owner.username}`
          : target.label;
  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
      <header className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{KIND[target.type]}</Badge>
        <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate font-semibold">
          {title}
        </h2>
        <Badge variant={group.reports.length > 1 ? 'warning' : 'outline'}>{plural(group.reports.length, 'report')}</Badge>
        {group.earlierReports > 0 ? (
          <Badge variant="outline">
            <History aria-hidden="true" />
            {plural(group.earlierReports, 'earlier report')}
          </Badge>
        ) : null}
      </header>

      <TargetPreview target={target} />

      <section aria-label="Reports" className="grid gap-2">
        <h3 className="text-sm font-semibold">
          Reported {KIND[target.type].toLowerCase()}, first on{' '}
          <time dateTime={group.firstReportedAt}>{formatFullDate(group.firstReportedAt)}</time>
        </h3>
        <ul className="grid gap-2">
          {group.reports.map((report) => (
            <li key={report.id} className="grid gap-2 rounded-xl border bg-background/60 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                {report.reporter ? (
                  <PersonLine person={report.reporter} avatarClass="size-8">
                    <p className="text-xs text-muted-foreground">
                      {plural(report.reporter.reportsMade, 'report')} made, {report.reporter.reportsUpheld} upheld
                    </p>
                  </PersonLine>
                ) : (
                  <p className="text-sm text-muted-foreground">A deleted account</p>
                )}
                <time dateTime={report.createdAt} className="text-xs text-muted-foreground">
                  {formatFullDate(report.createdAt)}
                </time>
              </div>
              <p className="text-sm">
                <span className="font-medium">{reportReasonLabel(target.type, report.reason)}</span>
                {report.details ? <span className="block whitespace-pre-line text-muted-foreground">{report.details}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      </section>

      {group.ownerStrikes.length > 0 ? (
        <details className="group rounded-xl border p-3">
          <summary className="flex min-h-8 cursor-pointer items-center gap-2 text-sm font-semibold">
            <ShieldAlert className="size-4 text-primary" aria-hidden="true" />
            {target.owner ? `@${target.owner.username}` : 'The owner'} has {plural(group.ownerStrikes.length, 'strike')} on record
          </summary>
          <ul className="mt-3 grid gap-3">
            {group.ownerStrikes.map((strike) => (
              <li key={strike.id} className="border-t pt-3 first:border-t-0 first:pt-0">
                <StrikeDetails strike={strike} showNotice={false} />
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="text-sm text-muted-foreground">No strikes on record.</p>
      )}

      {canAudit ? (
        <details className="rounded-xl border p-3" onToggle={(event) => setHistoryOpen(event.currentTarget.open)}>
          <summary className="flex min-h-8 cursor-pointer items-center gap-2 text-sm font-semibold">
            <History className="size-4 text-primary" aria-hidden="true" />
            Moderation history
          </summary>
          {historyOpen ? (
            <div className="mt-3">
              <AuditSlice targetType={target.type} targetId={target.id} />
            </div>
          ) : null}
        </details>
      ) : null}

      {group.outcome ? (
        <p className="rounded-xl bg-muted px-3 py-2 text-sm">
          <span className="font-semibold">{OUTCOMES[group.outcome.action] ?? group.outcome.action}</span>
          {group.outcome.reviewedAt ? (
            <>
              {' '}
              on <time dateTime={group.outcome.reviewedAt}>{formatFullDate(group.outcome.reviewedAt)}</time>
            </>
          ) : null}
          {group.outcome.reason ? `: ${group.outcome.reason}` : null}
        </p>
      ) : null}

      {pending ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions on ${title}`}>
          {BUTTONS.filter((b) => !b.contentOnly || target.type !== 'user').map(({ action: a, label, icon: Icon, destructive }) => (
            <Button
              key={a}
              variant={destructive ? 'destructive' : a === 'dismiss' ? 'outline' : 'secondary'}
              // without the plate or the account only a dismissal is left
              disabled={a !== 'dismiss' && !target.exists}
              onClick={() => setAction(a)}
            >
              <Icon aria-hidden="true" />
              {a === 'remove_content' ? `${label} ${KIND[target.type].toLowerCase()}` : label}
            </Button>
          ))}
        </div>
      ) : null}
      {pending ? <ResolveReportDialog group={group} action={action} onClose={() => setAction(null)} /> : null}
    </article>
  );
}
