import {
  VERIFICATION_DECISION_REASON_MAX,
  VERIFIED_TYPE_LABELS,
  RevokeVerificationBody,
  VerificationDecisionBody,
  verificationApprovedText,
  verificationDeclinedText,
  verificationRevokedText,
  type AdminVerificationRequestDto,
  type VerificationActionResponse,
  type VerifiedMemberDto,
  type VerifiedType,
} from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Check, ExternalLink, ShieldOff, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate, formatShortDate } from '../../../lib/format-time';
import { adminKeys } from '../api/keys';
import {
  adminVerificationKeys,
  decideVerificationRequest,
  fetchVerificationRequests,
  fetchVerifiedMembers,
  revokeVerification,
} from '../api/verification-api';
import { ActionDialog, fieldErrorsOf } from '../components/action-dialog';
import { LoadError } from '../components/page-states';
import { PersonLine } from '../components/person';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

const DAY_MS = 86_400_000;

/** "3 years", "5 months", "12 days": how long the account has existed. */
export function accountAge(since: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days >= 365) return unit(Math.floor(days / 365), 'year');
  if (days >= 60) return unit(Math.floor(days / 30), 'month');
  return unit(days, 'day');
}

const BADGE_HINTS: Record<VerifiedType, string> = {
  blue: 'Blue: a verified person',
  gold: 'Gold: a notable cook',
  business: 'Business: a restaurant or shop',
};

/**
 * After a decision or a revocation: the queue, the verified list, the members directory, the log,
 * and the lists of plates (their authors' badges).
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [adminVerificationKeys.all, adminKeys.membersAll, adminKeys.auditAll, adminKeys.postLists]) void queryClient.invalidateQueries({ queryKey });
  };
}

/** /admin/verification : pending verification requests (approve with a badge, or decline), and the verified members (revoke). */
export default function VerificationPage() {
  return (
    <div className="grid gap-4">
      <PageHeading icon={BadgeCheck} title="Verification">
        Members ask for the verified badge from their Settings. Approve with a badge or decline with a reason; they are told either way.
      </PageHeading>
      <Tabs defaultValue="requests" className="grid gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="requests">Requests</TabsTrigger>
          <TabsTrigger value="verified">Verified members</TabsTrigger>
        </TabsList>
        <TabsContent value="requests" className="grid gap-4">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="verified" className="grid gap-4">
          <VerifiedTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

type Decision = { request: AdminVerificationRequestDto; kind: 'approve' | 'decline' };

function RequestsTab() {
  const query = useInfiniteQuery({
    queryKey: adminVerificationKeys.requests,
    queryFn: ({ pageParam }) => fetchVerificationRequests(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const [deciding, setDeciding] = useState<Decision | null>(null);

  if (query.isPending) return <ListSkeleton label="Loading verification requests" />;
  if (query.isError) return <LoadError what="verification requests" error={query.error} onRetry={() => void query.refetch()} />;
  const requests = query.data.pages.flatMap((page) => page.requests);
  if (requests.length === 0) return <EmptyState icon={BadgeCheck}>No verification requests are waiting.</EmptyState>;
  return (
    <>
      <p className="text-sm text-muted-foreground">Oldest first.</p>
      <ul className="grid gap-3" aria-label="Verification requests">
        {requests.map((request) => (
          <RequestCard key={request.id} request={request} onDecide={(kind) => setDeciding({ request, kind })} />
        ))}
      </ul>
      <LoadMore pager={query} />
      <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

function RequestCard({ request, onDecide }: { request: AdminVerificationRequestDto; onDecide: (kind: 'approve' | 'decline') => void }) {
  const { member } = request;
  const who = `@${member.username}`;
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-4" aria-label={`Request from ${who}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PersonLine person={member}>
          <p className="text-xs text-muted-foreground">
            {member.followerCount} {member.followerCount === 1 ? 'follower' : 'followers'} · {member.postCount} {member.postCount === 1 ? 'plate' : 'plates'} · member for{' '}
            {accountAge(member.memberSince)} · {member.activeStrikes} active {member.activeStrikes === 1 ? 'strike' : 'strikes'} ({member.totalStrikes} in all)
          </p>
        </PersonLine>
        <time dateTime={request.createdAt} title={formatFullDate(request.createdAt)} className="text-xs text-muted-foreground">
          Asked {formatShortDate(new Date(request.createdAt))}
        </time>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{request.reason}</p>
      {request.links.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={`Links from ${who}`}>
          {request.links.map((link) => (
            <li key={link} className="min-w-0">
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex max-w-full items-center gap-1 rounded-sm text-primary underline-offset-4 hover:underline"
              >
                <span className="truncate">{link}</span>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onDecide('approve')} aria-label={`Approve ${who}`}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button variant="outline" onClick={() => onDecide('decline')} aria-label={`Decline ${who}`}>
          <X aria-hidden="true" />
          Decline
        </Button>
      </div>
    </li>
  );
}

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const id = useId();
  const afterChange = useAfterChange();
  const [badge, setBadge] = useState<VerifiedType>('blue');
  const decide = useMutation<VerificationActionResponse, ApiError, { id: number; body: VerificationDecisionBody }>({
    mutationFn: ({ id: requestId, body }) => decideVerificationRequest(requestId, body),
    onSuccess: (answer) => {
      toast({ variant: 'success', title: answer.message });
      close();
      afterChange();
    },
    // A request decided meanwhile (409) leaves the queue too.
    onError: afterChange,
  });
  const close = () => {
    decide.reset();
    setBadge('blue');
    onClose();
  };
  const approve = decision?.kind === 'approve';
  const who = decision ? `@${decision.request.member.username}` : '';
  const bodyOf = (reason: string): VerificationDecisionBody =>
    approve ? { decision: 'approve', verifiedType: badge, ...(reason.trim() ? { reason: reason.trim() } : {}) } : { decision: 'decline', reason: reason.trim() };
  return (
    <ActionDialog
      open={decision !== null}
      onOpenChange={(next) => !next && close()}
      title={approve ? `Approve ${who}` : `Decline ${who}`}
      description={approve ? 'Their name shows the badge you choose, everywhere, at once; they are told.' : 'They are told, with your reason, and may ask again after the cool-down.'}
      withDays={false}
      templates={[]}
      reasonOptional={approve}
      reasonMax={VERIFICATION_DECISION_REASON_MAX}
      reasonHint={approve ? 'Kept as the badge’s reason (their own reason when empty).' : 'The member reads this reason.'}
      preview={(values) =>
        decision
          ? [
              {
                to: who,
                text: approve ? verificationApprovedText(badge) : verificationDeclinedText(values.reason.trim() || '…', new Date()),
              },
            ]
          : []
      }
      submitLabel={approve ? 'Approve' : 'Decline'}
      destructive={!approve}
      pending={decide.isPending}
      serverError={decide.error?.message ?? null}
      validate={(values) => {
        const parsed = VerificationDecisionBody.safeParse(bodyOf(values.reason));
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => decision && decide.mutate({ id: decision.request.id, body: bodyOf(values.reason) })}
    >
      {approve ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-badge`}>Badge</Label>
          <Select id={`${id}-badge`} value={badge} onChange={(e) => setBadge(e.target.value as VerifiedType)}>
            {(Object.keys(BADGE_HINTS) as VerifiedType[]).map((type) => (
              <option key={type} value={type}>
                {BADGE_HINTS[type]}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </ActionDialog>
  );
}

function VerifiedTab() {
  const query = useInfiniteQuery({
    queryKey: adminVerificationKeys.members,
    queryFn: ({ pageParam }) => fetchVerifiedMembers(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const [revoking, setRevoking] = useState<VerifiedMemberDto | null>(null);

  if (query.isPending) return <ListSkeleton label="Loading verified members" />;
  if (query.isError) return <LoadError what="verified members" error={query.error} onRetry={() => void query.refetch()} />;
  const members = query.data.pages.flatMap((page) => page.members);
  if (members.length === 0) return <EmptyState icon={BadgeCheck}>No member is verified yet.</EmptyState>;
  return (
    <>
      <ul className="grid gap-3" aria-label="Verified members">
        {members.map((entry) => (
          <li key={entry.member.id} className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-center">
            <PersonLine person={entry.member}>
              <p className="text-xs text-muted-foreground">
                Granted {formatShortDate(new Date(entry.grantedAt))}
                {entry.grantedBy ? ` by @${entry.grantedBy.username}` : ''}
              </p>
            </PersonLine>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <Badge variant="outline">{VERIFIED_TYPE_LABELS[entry.verifiedType]}</Badge>
              <Button variant="outline" className="text-destructive" onClick={() => setRevoking(entry)} aria-label={`Revoke @${entry.member.username}’s badge`}>
                <ShieldOff aria-hidden="true" />
                Revoke
              </Button>
            </div>
            {entry.verifiedReason ? <p className="break-words text-sm text-muted-foreground sm:col-span-2">{entry.verifiedReason}</p> : null}
          </li>
        ))}
      </ul>
      <LoadMore pager={query} />
      <RevokeDialog entry={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function RevokeDialog({ entry, onClose }: { entry: VerifiedMemberDto | null; onClose: () => void }) {
  const afterChange = useAfterChange();
  const revoke = useMutation<VerificationActionResponse, ApiError, { userId: number; reason: string }>({
    mutationFn: ({ userId, reason }) => revokeVerification(userId, { reason }),
    onSuccess: (answer) => {
      toast({ variant: 'success', title: answer.message });
      close();
      afterChange();
    },
    onError: afterChange,
  });
  const close = () => {
    revoke.reset();
    onClose();
  };
  const who = entry ? `@${entry.member.username}` : '';
  return (
    <ActionDialog
      open={entry !== null}
      onOpenChange={(next) => !next && close()}
      title={`Revoke ${who}’s badge`}
      description="Their badge goes everywhere at once; they are told, with your reason."
      withDays={false}
      templates={[]}
      reasonMax={VERIFICATION_DECISION_REASON_MAX}
      reasonHint="The member reads this reason."
      preview={(values) => (entry ? [{ to: who, text: verificationRevokedText(values.reason.trim() || '…') }] : [])}
      submitLabel="Revoke badge"
      destructive
      pending={revoke.isPending}
      serverError={revoke.error?.message ?? null}
      validate={(values) => {
        const parsed = RevokeVerificationBody.safeParse({ reason: values.reason });
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => entry && revoke.mutate({ userId: entry.member.id, reason: values.reason.trim() })}
    />
  );
}
