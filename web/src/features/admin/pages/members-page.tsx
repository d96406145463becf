import { ErrorPanel } from '../../../components/ui/error-panel';
import { MemberStatus, type AdminUserSummary } from '@plates/common';
import { Check, Search, UserX, UsersRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { formatFullDate } from '../../../lib/format-time';
import type { MembersFilter } from '../api/keys';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { DataRequestsTab } from '../components/data-requests-tab';
import { MemberActionDialog } from '../components/member-action-dialog';
import { MemberChips } from '../components/member-chips';
import { PersonLine } from '../components/person';
import { EmptyState, ListSkeleton, PageHeading, Pager, pageFrom } from '../components/query-states';
import { useMembers } from '../hooks/use-members';

const ROLES = { admin: 'Admins', staff: 'Staff', member: 'Members' } as const;
const STATUSES: Record<MemberStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  suspended: 'Suspended',
  restricted: 'Restricted',
  awaiting_approval: 'Awaiting approval',
};
type RoleFilter = keyof typeof ROLES;

function filterFrom(params: URLSearchParams): MembersFilter {
  const status = MemberStatus.safeParse(params.get('status'));
  const role = params.get('role');
  return {
    q: params.get('q')?.trim() || undefined,
    status: status.success ? status.data : undefined,
    role: role && Object.hasOwn(ROLES, role) ? (role as RoleFilter) : undefined,
    page: pageFrom(params.get('page')),
  };
}

/**
 * /admin/users : the member directory (tab "Members") and members' data exports (tab "Data
 * requests", `?tab=data`).
 */
export default function MembersPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'data' ? 'data' : 'members';
  return (
    <div className="grid gap-4">
      <PageHeading icon={UsersRound} title="Members">
        Find a member by name, email or an IP address they signed in from, or follow their requests for a copy of their data.
      </PageHeading>
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'data' ? { tab: 'data' } : {})} className="grid gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="data">Data requests</TabsTrigger>
        </TabsList>
        <TabsContent value="members" className="grid gap-4">
          <MembersTab />
        </TabsContent>
        <TabsContent value="data" className="grid gap-4">
          <DataRequestsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The member directory, by name, email or sign-in IP, status and role, 25 a page.
 * Accounts awaiting approval are approved or rejected from their row.
 */
function MembersTab() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const members = useMembers(filter);
  const [deciding, setDeciding] = useState<{ member: AdminUserSummary; action: 'approve' | 'reject' } | null>(null);

  /** A new filter starts again at page 1; the address keeps it (back, reload, a link). */
  const apply = (next: Partial<MembersFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.status) out.set('status', merged.status);
    if (merged.role) out.set('role', merged.role);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  const data = members.data;
  return (
    <>
      <Filters key={filter.q ?? ''} filter={filter} onApply={apply} />
      {members.isPending ? (
        <ListSkeleton label="Loading members" rows={5} />
      ) : members.isError ? (
        <ErrorPanel variant="card" message={`Error loading members: ${members.error.message}`} onRetry={() => void members.refetch()} />
      ) : data!.users.length === 0 ? (
        <EmptyState icon={UsersRound}>No members match. Try another name, email or IP.</EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data!.total === 1 ? '1 member' : `${data!.total} members`}
          </p>
          <ul aria-label="Members" aria-busy={members.isPlaceholderData} className="grid divide-y overflow-hidden rounded-2xl border bg-card">
            {data!.users.map((member) => (
              <li key={member.id} className="grid gap-2 p-3 sm:p-4 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_9rem] md:items-center md:gap-4">
                <PersonLine person={member}>
                  <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                </PersonLine>
                <MemberChips member={member} />
                <p className="text-xs text-muted-foreground md:text-right">
                  {member.lastLoginAt ? (
                    <>
                      Last sign-in <time dateTime={member.lastLoginAt}>{formatFullDate(member.lastLoginAt)}</time>
                    </>
                  ) : (
                    'Never signed in'
                  )}
                </p>
                {member.accountStatus === 'awaiting_approval' ? (
                  <div role="group" aria-label={`Sign-up of @${member.username}`} className="flex flex-wrap gap-2 md:col-span-3">
                    <Button variant="outline" size="sm" className="h-11" onClick={() => setDeciding({ member, action: 'approve' })}>
                      <Check aria-hidden="true" />
                      Approve
                    </Button>
                    <Button variant="destructive" size="sm" className="h-11" onClick={() => setDeciding({ member, action: 'reject' })}>
                      <UserX aria-hidden="true" />
                      Reject
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {data ? <Pager page={filter.page} totalPages={Math.max(1, data.totalPages)} onPage={(page) => apply({ page })} /> : null}
      <MemberActionDialog
        userId={deciding?.member.id ?? 0}
        username={deciding?.member.username ?? ''}
        action={deciding?.action ?? null}
        emailVerified={deciding?.member.emailVerified}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}

/** The search box (applied on Enter or the button) and the two filters (applied at once). */
function Filters({ filter, onApply }: { filter: MembersFilter; onApply: (next: Partial<MembersFilter>) => void }) {
  const id = useId();
  const [text, setText] = useState(filter.q ?? '');
  const search = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: text.trim() || undefined });
  };
  return (
    <form role="search" aria-label="Members" onSubmit={search} className="grid gap-3 rounded-2xl border bg-card p-3 sm:p-4 md:grid-cols-[minmax(0,1fr)_12rem_9rem]">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="flex gap-2">
          <Input id={`${id}-q`} type="search" placeholder="Name, email or IP" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
          <Button type="submit" size="icon" aria-label="Search members" className="shrink-0">
            <Search aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-3 md:contents">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select id={`${id}-status`} value={filter.status ?? ''} onChange={(e) => onApply({ status: (e.target.value || undefined) as MembersFilter['status'] })}>
            <option value="">Any status</option>
            {MemberStatus.options.map((s) => (
              <option key={s} value={s}>
                {STATUSES[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <Select id={`${id}-role`} value={filter.role ?? ''} onChange={(e) => onApply({ role: (e.target.value || undefined) as RoleFilter | undefined })}>
            <option value="">Any role</option>
            {Object.entries(ROLES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </form>
  );
}
