import type { AuditEntryDto } from '@plates/common';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { formatFullDate } from '../../../lib/format-time';
import { humanize } from '../lib/labels';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { useMemberHref } from './person';

/** What each kind of audited target is called. */
export const TARGET_TYPES = { post: 'Plate', user: 'Member', comment: 'Comment', template: 'Template', community_content: 'Page', email_template: 'Email template' } as const;

function Json({ label, value }: { label: string; value: Record<string, unknown> | null }) {
  if (!value || Object.keys(value).length === 0) return null;
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</p>
      <pre className="overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-xs leading-relaxed">{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** One audit entry: who, what, on what, why; before, after, address and browser under More. */
export function AuditRow({ entry }: { entry: AuditEntryDto }) {
  const memberHref = useMemberHref();
  const type = entry.targetType && Object.hasOwn(TARGET_TYPES, entry.targetType) ? TARGET_TYPES[entry.targetType as keyof typeof TARGET_TYPES] : entry.targetType;
  const targetHref =
    entry.targetId === null ? null : entry.targetType === 'user' ? memberHref(entry.targetId) : entry.targetType === 'post' ? `/posts/${entry.targetId}` : null;
  const target = entry.targetType ? `${type} ${entry.targetLabel ? `“${entry.targetLabel}”` : ''}${entry.targetId !== null ? ` #${entry.targetId}` : ''}`.replace(/\s+/g, ' ') : null;
  return (
    <li className="grid gap-2 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={entry.success ? 'secondary' : 'warning'} title={entry.action}>
          {humanize(entry.action)}
        </Badge>
        {entry.success ? null : <Badge variant="warning">Refused</Badge>}
        <span className="text-sm font-medium">
          {entry.admin ? (
            <>
              @{entry.admin.username}
              <VerifiedBadge person={entry.admin} className="ml-0.5 inline-block size-3.5 align-[-0.125em]" />
            </>
          ) : (
            'System'
          )}
          {entry.adminRole ? <span className="font-normal text-muted-foreground"> ({entry.adminRole})</span> : null}
        </span>
        <time dateTime={entry.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatFullDate(entry.createdAt)}
        </time>
      </div>
      {target ? (
        <p className="text-sm">
          {targetHref ? (
            <Link to={targetHref} className="text-primary hover:underline">
              {target}
            </Link>
          ) : (
            target
          )}
        </p>
      ) : null}
      {entry.reason ? <p className="whitespace-pre-line text-sm text-muted-foreground">“{entry.reason}”</p> : null}
      {entry.errorMessage ? <p className="text-sm text-destructive">{entry.errorMessage}</p> : null}
      <details className="group text-sm">
        <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-md font-medium text-primary">More</summary>
        <div className="mt-2 grid gap-3">
          <div className="grid gap-3 md:grid-cols-2">
            <Json label="Before" value={entry.before} />
            <Json label="After" value={entry.after} />
          </div>
          <Json label="Details" value={entry.details} />
          <dl className="grid gap-1 text-xs">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">IP</dt>
              <dd className="font-mono">{entry.ipAddress ?? 'unknown'}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Browser</dt>
              <dd className="min-w-0 break-words">{entry.userAgent ?? 'unknown'}</dd>
            </div>
          </dl>
        </div>
      </details>
    </li>
  );
}
