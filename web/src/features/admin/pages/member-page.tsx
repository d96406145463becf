import { ErrorPanel } from '../../../components/ui/error-panel';
import type { AdminUserDetail, MemberReportDto, RoleGrantDto, UserAction } from '@plates/common';
import {
  ArrowLeft,
  Ban,
  BadgeCheck,
  BadgeX,
  Check,
  Clock,
  Hourglass,
  KeyRound,
  LogOut,
  Monitor,
  ShieldAlert,
  ShieldCheck,
  ShieldPlus,
  Undo2,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatFullDate } from '../../../lib/format-time';
import { useAuth } from '../../auth';
import { AuthorAvatar, AuthorBadges, authorName } from '../../../components/author/author-line';
import { StrikeDetails } from '../../../components/moderation/strike-details';
import { MemberActionDialog } from '../components/member-action-dialog';
import { MemberChips } from '../components/member-chips';
import { ListSkeleton } from '../components/query-states';
import { AuditSlice } from '../components/audit-slice';
import { RoleGrantDialog } from '../components/role-grant-dialog';
import { useMember, useRevokeRole } from '../hooks/use-members';
import { humanize, reportReasonLabel } from '../lib/labels';

const section = 'grid gap-3 rounded-2xl border bg-card p-4 sm:p-5';

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `member-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={section}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {title}
        {count !== undefined ? (
          <Badge variant="outline">
            <span className="sr-only">(</span>
            {count}
            <span className="sr-only">)</span>
          </Badge>
        ) : null}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** /admin/users/:userId : one member's record, and what may be done about it. */
export default function MemberPage() {
  const userId = Number(useParams().userId);
  const member = useMember(userId);
  return (
    <div className="grid gap-4">
      <Link to="/admin/users" className="inline-flex min-h-11 items-center gap-1 justify-self-start rounded-lg text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Members
      </Link>
      {member.isPending ? (
        <ListSkeleton label="Loading the member" rows={3} />
      ) : member.isError ? (
        <ErrorPanel variant="card" message={`Error loading the member: ${member.error.message}`} onRetry={() => void member.refetch()} />
      ) : (
        <Record detail={member.data} />
      )}
    </div>
  );
}

function Record({ detail }: { detail: AdminUserDetail }) {
  const { user: viewer, permissions } = useAuth();
  const { user } = detail;
  const can = (p: string) => permissions.includes(p);
  return (
    <>
      <section aria-labelledby="member-name" className={section}>
        <div className="flex flex-wrap items-start gap-4">
          <AuthorAvatar author={user} className="size-16 text-lg" />
          <div className="grid min-w-0 flex-1 gap-1">
            <h1 id="member-name" className="flex flex-wrap items-center gap-2 font-display text-2xl font-bold tracking-tight">
              {authorName(user)}
              <AuthorBadges author={user} showLevel={false} />
            </h1>
            <p className="text-sm text-muted-foreground">
              @{user.username} ·{' '}
              <Link to={`/profile/${user.id}`} className="text-primary hover:underline">
                Public profile
              </Link>
            </p>
            <p className="text-sm [overflow-wrap:anywhere]">
              {user.email} <span className="text-muted-foreground">({user.emailVerified ? 'verified' : 'not verified'})</span>
            </p>
          </div>
        </div>
        <MemberChips member={user} />
        {detail.approval ? <ApprovalNote approval={detail.approval} canSeeBlocks={can('manage_ip_blocks')} /> : null}
        {user.accountStatus === 'suspended' && user.suspensionReason ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm">
            <span className="font-medium">Suspended:</span> {user.suspensionReason}
          </p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Fact label="Joined">{formatFullDate(user.createdAt)}</Fact>
          <Fact label="Last sign-in">{user.lastLoginAt ? formatFullDate(user.lastLoginAt) : 'Never'}</Fact>
          <Fact label="Location">{user.location || '—'}</Fact>
          <Fact label="Profile">{user.isPrivate ? 'Private' : 'Public'}</Fact>
        </dl>
        {user.bio ? <p className="whitespace-pre-line text-sm">{user.bio}</p> : null}
        {user.isAdmin ? (
          <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
            <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
            Admins cannot be acted on from the admin area.
          </p>
        ) : viewer?.id === user.id ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm">This is your own account.</p>
        ) : (
          <MemberActions detail={detail} canVerify={can('manage_verifications')} />
        )}
      </section>

      <Section title="Strikes" count={detail.strikes.length}>
        {detail.strikes.length === 0 ? (
          <Empty>No strikes.</Empty>
        ) : (
          <ul className="grid gap-4">
            {detail.strikes.map((strike) => (
              <li key={strike.id} className="border-t pt-4 first:border-t-0 first:pt-0">
                <StrikeDetails strike={strike} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Recent plates" count={detail.posts.length}>
        {detail.posts.length === 0 ? (
          <Empty>No plates yet.</Empty>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {detail.posts.map((post) => (
              <li key={post.id} className="grid content-start gap-1">
                <Link to={`/posts/${post.id}`} className="group grid gap-1 rounded-xl">
                  <img src={post.imageUrl} alt="" loading="lazy" decoding="async" className="aspect-square w-full rounded-xl bg-muted object-cover" />
                  <span className="truncate text-sm font-medium group-hover:text-primary">{post.title}</span>
                </Link>
                <span className="text-xs text-muted-foreground">
                  {post.approvalStatus === 'approved' ? formatFullDate(post.createdAt) : `${post.approvalStatus}, ${formatFullDate(post.createdAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Reports received" count={detail.reportsReceived.length}>
          <Reports list={detail.reportsReceived} empty="Nobody has reported this member or their plates." />
        </Section>
        <Section title="Reports made" count={detail.reportsMade.length}>
          <Reports list={detail.reportsMade} empty="This member has not reported anything." />
        </Section>
      </div>

      <Section title="Sign-in history" count={detail.signIns.length}>
        {detail.signIns.length === 0 ? (
          <Empty>No sign-ins recorded.</Empty>
        ) : (
          <ul className="grid divide-y">
            {detail.signIns.map((event) => (
              <li key={event.id} className="grid gap-1 py-2 text-sm sm:grid-cols-[10rem_8rem_minmax(0,1fr)] sm:items-center sm:gap-3">
                <time dateTime={event.createdAt} className="text-muted-foreground">
                  {formatFullDate(event.createdAt)}
                </time>
                <span>
                  {event.success ? (
                    <Badge variant="success">Signed in</Badge>
                  ) : (
                    <Badge variant="warning">Failed{event.failureReason ? `: ${event.failureReason.replace(/_/g, ' ')}` : ''}</Badge>
                  )}
                </span>
                <span className="min-w-0 break-words text-muted-foreground">
                  <span className="font-mono text-foreground">{event.ip ?? 'unknown IP'}</span> · {event.userAgent ?? 'unknown browser'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Live sessions" count={detail.sessions.length}>
        {detail.sessions.length === 0 ? (
          <Empty>Not signed in anywhere.</Empty>
        ) : (
          <ul className="grid divide-y">
            {detail.sessions.map((s) => (
              <li key={s.id} className="flex items-start gap-3 py-2 text-sm">
                <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="break-words">
                    <span className="font-mono">{s.ip ?? 'unknown IP'}</span> · {s.userAgent ?? 'unknown browser'}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Since {formatFullDate(s.createdAt)}, last used {formatFullDate(s.lastUsedAt)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Roles detail={detail} canManage={can('manage_roles') && !user.isAdmin && viewer?.id !== user.id} />

      {can('view_audit_log') ? (
        <Section title="Audit log">
          <AuditSlice targetType="user" targetId={user.id} />
        </Section>
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Reports({ list, empty }: { list: MemberReportDto[]; empty: string }) {
  if (list.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="grid divide-y">
      {list.map((report) => (
        <li key={report.id} className="grid gap-1 py-2 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{reportReasonLabel(report.targetType, report.reason)}</span>
            <Badge variant={report.status === 'pending' ? 'warning' : 'outline'}>
              {report.status}
              {report.actionTaken && report.actionTaken !== 'dismiss' ? `: ${report.actionTaken.replace(/_/g, ' ')}` : ''}
            </Badge>
          </span>
          <span className="text-xs text-muted-foreground">
            {report.targetType === 'post' ? (
              <Link to={`/posts/${report.targetId}`} className="text-primary hover:underline">
                Plate #{report.targetId}
              </Link>
            ) : (
              <Link to={`/admin/users/${report.targetId}`} className="text-primary hover:underline">
                Member #{report.targetId}
              </Link>
            )}{' '}
            · {formatFullDate(report.createdAt)}
          </span>
          {report.details ? <span className="whitespace-pre-line text-muted-foreground">{report.details}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Why an account awaits approval: the address it signed up from and the block that covered it. */
function ApprovalNote({ approval, canSeeBlocks }: { approval: NonNullable<AdminUserDetail['approval']>; canSeeBlocks: boolean }) {
  return (
    <div className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Hourglass className="size-4 text-primary" aria-hidden="true" />
        Awaiting approval
      </p>
      <p>
        Signed up on {formatFullDate(approval.createdAt)} from <span className="font-mono">{approval.signUpIp}</span>
        {approval.blockRange ? (
          <>
            , covered by the sign-up approval block on{' '}
            {canSeeBlocks ? (
              <Link to="/admin/ip-blocking" className="font-mono text-primary hover:underline">
                {approval.blockRange}
              </Link>
            ) : (
              <span className="font-mono">{approval.blockRange}</span>
            )}
            {approval.blockReason ? <> (“{approval.blockReason}”)</> : null}
          </>
        ) : null}
        .
      </p>
    </div>
  );
}

const awaiting = (d: AdminUserDetail) => d.user.accountStatus === 'awaiting_approval';

/** An account awaiting approval takes only the two decisions (the server refuses the rest). */
const ACTION_BUTTONS: { action: UserAction; label: string; icon: LucideIcon; when: (d: AdminUserDetail, canVerify: boolean) => boolean; destructive?: boolean }[] = [
  { action: 'approve', label: 'Approve', icon: Check, when: awaiting },
  { action: 'reject', label: 'Reject', icon: UserX, when: awaiting, destructive: true },
  { action: 'warn', label: 'Warn', icon: ShieldAlert, when: (d) => !awaiting(d) },
  { action: 'restrict', label: 'Restrict', icon: Clock, when: (d) => !awaiting(d) },
  { action: 'suspend', label: 'Suspend', icon: Ban, when: (d) => !awaiting(d) && d.user.accountStatus !== 'suspended', destructive: true },
  { action: 'unsuspend', label: 'Unsuspend', icon: Undo2, when: (d) => d.user.accountStatus === 'suspended' },
  { action: 'sign_out', label: 'Sign out everywhere', icon: LogOut, when: (d) => !awaiting(d) },
  { action: 'verify', label: 'Verify', icon: BadgeCheck, when: (d, canVerify) => !awaiting(d) && canVerify && !d.user.isVerified },
  { action: 'verify', label: 'Change badge', icon: BadgeCheck, when: (d, canVerify) => !awaiting(d) && canVerify && d.user.isVerified },
  { action: 'unverify', label: 'Unverify', icon: BadgeX, when: (d, canVerify) => !awaiting(d) && canVerify && d.user.isVerified },
];

function MemberActions({ detail, canVerify }: { detail: AdminUserDetail; canVerify: boolean }) {
  const [action, setAction] = useState<UserAction | null>(null);
  const navigate = useNavigate();
  return (
    <>
      <div role="group" aria-label="Actions" className="flex flex-wrap gap-2 border-t pt-4">
        {ACTION_BUTTONS.filter((b) => b.when(detail, canVerify)).map(({ action: a, label, icon: Icon, destructive }) => (
          <Button key={label} variant={destructive ? 'destructive' : 'outline'} onClick={() => setAction(a)}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      <MemberActionDialog
        userId={detail.user.id}
        username={detail.user.username}
        action={action}
        emailVerified={detail.user.emailVerified}
        onClose={() => setAction(null)}
        // A rejected sign-up is deleted: back to the accounts still waiting.
        onDone={(done) => done === 'reject' && void navigate('/admin/users?status=awaiting_approval')}
      />
    </>
  );
}

function Roles({ detail, canManage }: { detail: AdminUserDetail; canManage: boolean }) {
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<RoleGrantDto | null>(null);
  const revoke = useRevokeRole(detail.user.id);
  const { roles } = detail;
  return (
    <Section title="Roles" count={roles.filter((r) => r.isActive).length}>
      {roles.length === 0 ? (
        <Empty>{detail.user.isAdmin ? 'An admin holds every permission.' : 'A member, with no staff role.'}</Empty>
      ) : (
        <ul className="grid divide-y">
          {roles.map((grant) => (
            <li key={grant.id} className="flex flex-wrap items-start gap-3 py-3">
              <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-1.5">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                  <span className="capitalize">{grant.role}</span>
                  <Badge variant={grant.isActive ? 'success' : 'outline'}>{grant.isActive ? 'Active' : 'Ended'}</Badge>
                </p>
                <p className="text-xs text-muted-foreground">
                  Granted {formatFullDate(grant.createdAt)}
                  {grant.expiresAt ? `, ${grant.isActive ? 'ends' : 'ended'} ${formatFullDate(grant.expiresAt)}` : ''}
                </p>
                <ul aria-label={`Permissions of the ${grant.role} role`} className="flex flex-wrap gap-1">
                  {grant.permissions.map((p) => (
                    <li key={p}>
                      <Badge variant="secondary">{humanize(p)}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
              {canManage && grant.isActive ? (
                <Button variant="outline" size="sm" className="h-11" onClick={() => setRevoking(grant)} aria-label={`Revoke the ${grant.role} role`}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <>
          <Button variant="outline" className="justify-self-start" onClick={() => setGranting(true)}>
            <ShieldPlus aria-hidden="true" />
            Grant a role
          </Button>
          <RoleGrantDialog userId={detail.user.id} username={detail.user.username} open={granting} onOpenChange={setGranting} />
          <ConfirmDialog
            open={revoking !== null}
            onOpenChange={(open) => !open && setRevoking(null)}
            title="Revoke this role?"
            description={revoking ? `@${detail.user.username} loses the ${revoking.role} role’s permissions at once.` : undefined}
            confirmLabel="Revoke"
            destructive
            onConfirm={() => revoking && revoke.mutate(revoking)}
          />
        </>
      ) : null}
    </Section>
  );
}

