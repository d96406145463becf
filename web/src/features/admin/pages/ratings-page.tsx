import {
  RATING_INTEGRITY as T,
  VOID_REASON_MAX,
  VoidRatingsBody,
  type BurstFindingDto,
  type EvidenceRatingDto,
  type IntegrityMemberDto,
  type RingFindingDto,
  type SharedFindingDto,
  type VoidRatingsResponse,
} from '@plates/common';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Scale, Star } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FieldError, FormError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { LoadMore } from '../../../components/ui/load-more';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { adminKeys } from '../api/keys';
import { fetchBursts, fetchEvidence, fetchRings, fetchSharedAccounts, ratingIntegrityKeys, voidRatings, type EvidenceScope } from '../api/ratings-api';
import { LoadError } from '../components/page-states';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

const TABS = ['rings', 'bursts', 'shared'] as const;
type Tab = (typeof TABS)[number];
const tabFrom = (raw: string | null): Tab => (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'rings';

/** What each detector checks, said on its empty state (from the thresholds the server uses). */
export const CHECKS: Record<Tab, string> = {
  rings: `Members who rated each other's plates at least ${T.pairMinRatings} times averaging ${T.pairMinAverage}+ stars, ${T.pairMinLift.toFixed(1)}+ above how they rate everyone else, both ways; rings are ${T.ringMinMembers}+ members joined by such pairs.`,
  bursts: `Plates given ${T.burstMinRatings}+ ratings within ${T.burstWindowHours} hours by accounts younger than ${T.newAccountDays} days, over the last ${T.burstLookbackDays} days.`,
  shared: `${T.sharedMinAccounts}+ accounts signed in from the same IP address with the same browser in the last ${T.sharedLookbackDays} days.`,
};

/** The ratings picked for voiding, by id, with their plate (to say how many plates change). */
type Selection = Map<number, number>;

const name = (m: { username: string }) => `@${m.username}`;
const avg = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)} ★`);

/** /admin/ratings: rating integrity (review_ratings; record 0034). Three detectors, each finding's ratings, void selected. */
export default function RatingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const [selected, setSelected] = useState<Selection>(new Map());
  const [voiding, setVoiding] = useState(false);
  const toggle = (ratings: EvidenceRatingDto[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const r of ratings) {
        if (on) next.set(r.id, r.post.id);
        else next.delete(r.id);
      }
      return next;
    });
  const selection = { selected, toggle };

  return (
    <div className="grid gap-4">
      <PageHeading
        icon={Scale}
        title="Ratings"
        actions={
          <Button variant="destructive" disabled={selected.size === 0} onClick={() => setVoiding(true)}>
            Void selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        }
      >
        Patterns that suggest ratings were traded or faked. Open a finding to see its ratings, tick the ones to void, then Void selected.
      </PageHeading>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="grid gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="rings">Rings &amp; pairs</TabsTrigger>
          <TabsTrigger value="bursts">Bursts</TabsTrigger>
          <TabsTrigger value="shared">Shared accounts</TabsTrigger>
        </TabsList>
        <TabsContent value="rings" className="grid gap-3">
          <RingsTab {...selection} />
        </TabsContent>
        <TabsContent value="bursts" className="grid gap-3">
          <BurstsTab {...selection} />
        </TabsContent>
        <TabsContent value="shared" className="grid gap-3">
          <SharedTab {...selection} />
        </TabsContent>
      </Tabs>
      <VoidDialog open={voiding} selected={selected} onClose={() => setVoiding(false)} onDone={() => setSelected(new Map())} />
    </div>
  );
}

interface SelectionProps {
  selected: Selection;
  toggle: (ratings: EvidenceRatingDto[], on: boolean) => void;
}

/** A detector's list: loading, error, and "Nothing suspicious found" with what was checked. */
function Findings<F>({ what, tab, query, render }: { what: string; tab: Tab; query: ReturnType<typeof useQuery<{ findings: F[] }, ApiError>>; render: (f: F, i: number) => ReactNode }) {
  if (query.isPending) return <ListSkeleton label={`Loading ${what}`} />;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.findings.length === 0) {
    return (
      <EmptyState icon={Scale}>
        Nothing suspicious found.
        <span className="mt-1 block text-sm font-normal text-muted-foreground">Checked: {CHECKS[tab]}</span>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">{CHECKS[tab]}</p>
      <ul className="grid gap-3" aria-label={what}>
        {query.data.findings.map(render)}
      </ul>
    </>
  );
}

function RingsTab(props: SelectionProps) {
  const query = useQuery<{ findings: RingFindingDto[] }, ApiError>({ queryKey: ratingIntegrityKeys.rings, queryFn: fetchRings, staleTime: 0 });
  return (
    <Findings
      what="rings and pairs"
      tab="rings"
      query={query}
      render={(f) => {
        const ids = f.members.map((m) => m.id);
        const title = `${f.kind === 'ring' ? `Ring of ${f.members.length}` : 'Pair'}: ${f.members.map(name).join(', ')}`;
        return (
          <FindingCard key={ids.join('-')} title={title} scope={{ raterIds: ids, authorIds: ids }} {...props}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Averages of {title}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">Member</th>
                  <th scope="col" className="py-1 pr-2 font-medium">Inside the group</th>
                  <th scope="col" className="py-1 font-medium">Everyone else</th>
                </tr>
              </thead>
              <tbody>
                {f.members.map((m) => (
                  <tr key={m.id} className="border-t">
                    <th scope="row" className="py-1 pr-2 font-medium">
                      <MemberLink member={m} />
                    </th>
                    <td className="py-1 pr-2">
                      {avg(m.insideAverage)} <span className="text-muted-foreground">({m.insideCount})</span>
                    </td>
                    <td className="py-1">
                      {avg(m.usualAverage)} <span className="text-muted-foreground">({m.usualCount})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </FindingCard>
        );
      }}
    />
  );
}

function BurstsTab(props: SelectionProps) {
  const query = useQuery<{ findings: BurstFindingDto[] }, ApiError>({ queryKey: ratingIntegrityKeys.bursts, queryFn: fetchBursts, staleTime: 0 });
  return (
    <Findings
      what="bursts"
      tab="bursts"
      query={query}
      render={(b) => (
        <FindingCard
          key={b.post.id}
          title={`${b.count} ratings of “${b.post.title}”`}
          scope={{ raterIds: b.raters.map((r) => r.id), postId: b.post.id }}
          {...props}
        >
          <p className="text-sm">
            By <MemberLink member={b.post.author} /> · now {b.post.averageRating.toFixed(1)} ★ from {b.post.ratingCount} · the burst averages {b.average.toFixed(1)} ★, between{' '}
            <time dateTime={b.windowStart}>{formatFullDate(b.windowStart)}</time> and <time dateTime={b.windowEnd}>{formatFullDate(b.windowEnd)}</time>
          </p>
          <ul className="flex flex-wrap gap-2 text-xs" aria-label="Raters">
            {b.raters.map((r) => (
              <li key={r.id} className="rounded-full border px-2 py-0.5">
                <MemberLink member={r} /> · {r.rating} ★ · account {hours(r.accountAgeHours)} old
              </li>
            ))}
          </ul>
        </FindingCard>
      )}
    />
  );
}

function SharedTab(props: SelectionProps) {
  const query = useQuery<{ findings: SharedFindingDto[] }, ApiError>({ queryKey: ratingIntegrityKeys.shared, queryFn: fetchSharedAccounts, staleTime: 0 });
  return (
    <Findings
      what="shared accounts"
      tab="shared"
      query={query}
      render={(s) => {
        const ids = s.accounts.map((a) => a.id);
        return (
          <FindingCard key={`${s.ip} ${s.userAgent}`} title={`${s.accounts.length} accounts from ${s.ip}`} scope={{ raterIds: ids, authorIds: ids }} {...props}>
            <p className="break-words text-xs text-muted-foreground">{s.userAgent}</p>
            <ul className="grid gap-1 text-sm" aria-label="Accounts">
              {s.accounts.map((a) => (
                <li key={a.id}>
                  <MemberLink member={a} /> · joined {formatFullDate(a.joinedAt)} · {a.signIns} {a.signIns === 1 ? 'sign-in' : 'sign-ins'}, last {formatFullDate(a.lastSignInAt)}
                </li>
              ))}
            </ul>
          </FindingCard>
        );
      }}
    />
  );
}

function hours(h: number): string {
  return h < 48 ? `${Math.round(h)} h` : `${Math.round(h / 24)} days`;
}

function MemberLink({ member }: { member: Pick<IntegrityMemberDto, 'id' | 'username' | 'displayName'> }) {
  return (
    <Link to={`/profile/${member.id}`} className="rounded-sm text-primary underline-offset-4 hover:underline">
      {member.displayName ? `${member.displayName} (${name(member)})` : name(member)}
    </Link>
  );
}

/** A finding: its evidence always shown, its ratings behind a toggle, each with a checkbox. */
function FindingCard({ title, scope, children, selected, toggle }: SelectionProps & { title: string; scope: EvidenceScope; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-4" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {open ? 'Hide ratings' : 'Show ratings'}
        </Button>
      </div>
      {children}
      <div id={panelId} hidden={!open}>
        {open ? <EvidenceList title={title} scope={scope} selected={selected} toggle={toggle} /> : null}
      </div>
    </li>
  );
}

function EvidenceList({ title, scope, selected, toggle }: SelectionProps & { title: string; scope: EvidenceScope }) {
  const query = useInfiniteQuery({
    queryKey: ratingIntegrityKeys.evidence(scope),
    queryFn: ({ pageParam }) => fetchEvidence(scope, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  if (query.isPending) return <ListSkeleton label="Loading ratings" rows={1} />;
  if (query.isError) return <LoadError what="ratings" error={query.error} onRetry={() => void query.refetch()} />;
  const ratings = query.data.pages.flatMap((p) => p.ratings);
  if (ratings.length === 0) return <p className="text-sm text-muted-foreground">No star ratings left here (voided already).</p>;
  const all = ratings.every((r) => selected.has(r.id));
  return (
    <div className="grid gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-5 accent-primary" checked={all} onChange={(e) => toggle(ratings, e.target.checked)} />
        Select all {ratings.length} shown
      </label>
      <ul className="grid gap-1" aria-label={`Ratings of ${title}`}>
        {ratings.map((r) => (
          <li key={r.id}>
            <label className="flex items-start gap-2 rounded-lg px-1 py-1 text-sm hover:bg-accent">
              <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" checked={selected.has(r.id)} onChange={(e) => toggle([r], e.target.checked)} />
              <span className="min-w-0">
                <span className="inline-flex items-center gap-0.5 font-semibold">
                  {r.rating}
                  <Star className="size-3.5 fill-current" aria-label="stars" />
                </span>{' '}
                by {name(r.rater)} on “{r.post.title}” by {name({ username: r.post.authorUsername })}
                <span className="block text-xs text-muted-foreground">
                  <time dateTime={r.createdAt}>{formatFullDate(r.createdAt)}</time>
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <LoadMore pager={query} />
    </div>
  );
}

/** Asks the reason and says what voiding does; toast and refreshed lists after. */
function VoidDialog({ open, selected, onClose, onDone }: { open: boolean; selected: Selection; onClose: () => void; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation<VoidRatingsResponse, ApiError, { ratingIds: number[]; reason: string }>({
    mutationFn: voidRatings,
    onSuccess: (answer) => {
      for (const queryKey of [ratingIntegrityKeys.all, adminKeys.auditAll, adminKeys.postLists]) void queryClient.invalidateQueries({ queryKey });
      toast({
        variant: 'success',
        title: 'Ratings voided',
        description: `${answer.voided} ${answer.voided === 1 ? 'rating' : 'ratings'} voided on ${answer.posts.length} ${answer.posts.length === 1 ? 'plate' : 'plates'}; ${answer.pointsTakenBack} points taken back; ${answer.membersNotified} members told.`,
      });
      setReason('');
      onDone();
      onClose();
    },
  });
  const plates = new Set(selected.values()).size;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = VoidRatingsBody.safeParse({ ratingIds: [...selected.keys()], reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the reason');
      return;
    }
    setError(null);
    mutation.mutate({ ratingIds: parsed.data.ratingIds, reason: parsed.data.reason });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              Void {selected.size} {selected.size === 1 ? 'rating' : 'ratings'}
            </DialogTitle>
            <DialogDescription>
              {selected.size === 1 ? 'The rating' : 'These ratings'} on {plates} {plates === 1 ? 'plate' : 'plates'} will be removed and the plates&apos; averages recounted. The points
              they earned (the rater&apos;s for rating, the cook&apos;s for being rated) are taken back. Each member concerned is told once, with your reason. The audit log keeps the values.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={VOID_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder="e.g. Members rating each other's plates to gain points"
            />
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </div>
          {mutation.error ? <FormError>{mutation.error.message}</FormError> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {mutation.isPending ? 'Voiding…' : 'Void ratings'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
