import { normaliseIpRange, SECURITY_SEVERITIES, type SecurityEventDto, type SecurityEventsPage } from '@plates/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { fetchSecurityEvents, resolveSecurityEvent, securityKeys, type SecurityEventFilters } from '../api/security-api';
import { NativeSelect } from '../components/native-select';
import { LoadError, Pager } from '../components/page-states';
import { PageHeading } from '../components/query-states';

/** The kinds of event the server writes, in words (an unknown kind shows as written). */
export const EVENT_TYPES: Record<string, string> = {
  login_failed: 'Failed sign-in',
  login_throttled: 'Sign-ins throttled',
  login_new_origin: 'New device after failures',
  suspended_sign_in: 'Suspended member signing in',
  admin_permission_refused: 'Admin permission refused',
  ip_blocked: 'Blocked address refused',
  sign_up_domain_blocked: 'Blocked email domain',
  sign_up_needs_approval: 'Sign-up to review',
  rate_limited: 'Rate limit reached',
  upload_refused: 'Upload refused',
};

const SEVERITY_STYLE: Record<string, string> = {
  low: 'bg-secondary text-secondary-foreground',
  medium: 'bg-warning/25 text-warning-foreground dark:text-warning',
  high: 'bg-destructive/15 text-destructive',
  critical: 'bg-destructive text-destructive-foreground',
};

const FILTER_KEYS = ['type', 'severity', 'resolved', 'userId', 'ip'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function filtersFrom(params: URLSearchParams): SecurityEventFilters {
  const page = Number(params.get('page'));
  return {
    type: params.get('type') ?? '',
    severity: params.get('severity') ?? '',
    resolved: params.get('resolved') ?? '',
    userId: params.get('userId') ?? '',
    ip: params.get('ip') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** /admin/security : security events, newest first, with filters and Resolve. */
export default function SecurityPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const events = useQuery({
    queryKey: securityKeys.events(filters),
    queryFn: () => fetchSecurityEvents(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const apply = (next: Partial<SecurityEventFilters>) => {
    const merged = { ...filters, ...next };
    const search: Record<string, string> = {};
    for (const key of FILTER_KEYS) if (merged[key]) search[key] = merged[key];
    if (merged.page > 1) search.page = String(merged.page);
    setParams(search);
  };
  const data = events.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <div className="grid gap-4">
      <PageHeading icon={ShieldAlert} title="Security">
        {data ? `${data.total} ${data.total === 1 ? 'event' : 'events'}, newest first.` : 'Security events, newest first.'}
      </PageHeading>
      <Filters key={params.toString()} filters={filters} onApply={(next) => apply({ ...next, page: 1 })} />
      {events.isPending ? (
        <PageSpinner label="Loading security events" />
      ) : events.isError ? (
        <LoadError what="security events" error={events.error} onRetry={() => void events.refetch()} />
      ) : data!.events.length === 0 ? (
        <p className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center font-medium">No security events match.</p>
      ) : (
        <EventList page={data!} busy={events.isPlaceholderData} />
      )}
      {data ? <Pager page={filters.page} totalPages={totalPages} onPage={(page) => apply({ page })} /> : null}
    </div>
  );
}

function Filters({ filters, onApply }: { filters: SecurityEventFilters; onApply: (next: Record<FilterKey, string>) => void }) {
  const [draft, setDraft] = useState<Record<FilterKey, string>>(() => ({
    type: filters.type,
    severity: filters.severity,
    resolved: filters.resolved,
    userId: filters.userId,
    ip: filters.ip,
  }));
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>({});
  const set = (key: FilterKey) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, userId: draft.userId.trim(), ip: draft.ip.trim() };
    const problems: Partial<Record<FilterKey, string>> = {};
    if (next.userId && !/^[1-9]\d{0,9}$/.test(next.userId)) problems.userId = 'Enter a member id (a number)';
    if (next.ip) {
      const normalised = normaliseIpRange(next.ip);
      if (normalised) next.ip = normalised;
      else problems.ip = 'Enter an address or a CIDR range';
    }
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(next);
  };
  const empty = { type: '', severity: '', resolved: '', userId: '', ip: '' };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Filter security events" className="grid gap-3 rounded-2xl border bg-card p-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FormField label="Type" className="col-span-2 sm:col-span-1">
          <NativeSelect value={draft.type} onChange={(e) => set('type')(e.target.value)}>
            <option value="">Any type</option>
            {Object.entries(EVENT_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Severity">
          <NativeSelect value={draft.severity} onChange={(e) => set('severity')(e.target.value)}>
            <option value="">Any severity</option>
            {SECURITY_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {severity[0]!.toUpperCase() + severity.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="State">
          <NativeSelect value={draft.resolved} onChange={(e) => set('resolved')(e.target.value)}>
            <option value="">Any state</option>
            <option value="false">Open</option>
            <option value="true">Resolved</option>
          </NativeSelect>
        </FormField>
        <FormField label="Member id" error={errors.userId}>
          <Input inputMode="numeric" value={draft.userId} onChange={(e) => set('userId')(e.target.value)} />
        </FormField>
        <FormField label="Address or range" error={errors.ip} className="sm:col-span-2">
          <Input className="font-mono" autoCapitalize="none" spellCheck={false} value={draft.ip} onChange={(e) => set('ip')(e.target.value)} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="outline"
          onClick={() => {
            setDraft(empty);
            setErrors({});
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function EventList({ page, busy }: { page: SecurityEventsPage; busy: boolean }) {
  const queryClient = useQueryClient();
  const resolve = useMutation<SecurityEventDto, ApiError, SecurityEventDto>({
    mutationFn: (event) => resolveSecurityEvent(event.id),
    onSuccess: () => toast({ variant: 'success', title: 'Event resolved' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Failed to resolve the event: ${error.message}` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.eventsAll }),
  });
  return (
    <ul className="grid gap-2" aria-busy={busy} aria-label="Security events">
      {page.events.map((event) => {
        const label = EVENT_TYPES[event.eventType] ?? event.eventType;
        return (
          <li key={event.id} className="grid gap-2 rounded-2xl border bg-card p-3 md:grid-cols-[10rem_1fr_auto] md:items-start md:gap-4">
            <time dateTime={event.createdAt} className="text-xs text-muted-foreground md:pt-0.5">
              {formatFullDate(event.createdAt)}
            </time>
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <Badge className={cn(SEVERITY_STYLE[event.severity] ?? SEVERITY_STYLE.low)}>{event.severity}</Badge>
                <span className="font-semibold" title={event.eventType}>
                  {label}
                </span>
              </div>
              {event.description ? <p className="break-words text-sm">{event.description}</p> : null}
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                {event.user ? (
                  <span className="inline-flex items-center gap-1">
                    <Link to={`/admin/users/${event.user.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      @{event.user.username}
                    </Link>
                    <VerifiedBadge person={event.user} className="size-3.5" />
                  </span>
                ) : (
                  <span>No member</span>
                )}
                {event.ipAddress ? <span className="break-all font-mono">{event.ipAddress}</span> : null}
                {event.userAgent ? (
                  <span className="max-w-full truncate" title={event.userAgent}>
                    {event.userAgent}
                  </span>
                ) : null}
              </p>
            </div>
            <div className="md:justify-self-end">
              {event.isResolved ? (
                <Badge variant="success">
                  <Check aria-hidden="true" />
                  Resolved
                </Badge>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-11"
                  disabled={resolve.isPending && resolve.variables?.id === event.id}
                  onClick={() => resolve.mutate(event)}
                  aria-label={`Resolve ${label} of ${formatFullDate(event.createdAt)}`}
                >
                  Resolve
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
