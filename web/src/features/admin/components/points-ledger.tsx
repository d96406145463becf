import { LEVELS, type AdjustmentResponse, type LedgerEntryDto, type PointsMemberDto } from '@plates/common';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Search, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { toast } from '../../../components/ui/use-toast';
import { formatFullDate } from '../../../lib/format-time';
import { fetchLedger, fetchPointRules, pointKeys, searchPointsMembers, type LedgerFilter } from '../api/points-api';
import { AdjustPointsDialog } from './adjust-points-dialog';
import { NativeSelect } from './native-select';
import { LoadError } from './page-states';
import { actionLabel } from './point-rules';
import { EmptyState, ListSkeleton } from './query-states';

const levelName = (level: number) => LEVELS.find((l) => l.level === level)?.name ?? `Level ${level}`;
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toLocaleString()}`;

/** The Ledger tab: find a member, then their transactions newest first, filtered; Adjust from here. */
export function PointsLedger({ memberId, onMember }: { memberId: number | null; onMember: (id: number | null) => void }) {
  return (
    <div className="grid gap-4">
      <MemberPicker onPick={(m) => onMember(m.id)} />
      {memberId === null ? (
        <EmptyState icon={Search}>Find a member by username to see their points.</EmptyState>
      ) : (
        <MemberLedger key={memberId} memberId={memberId} />
      )}
    </div>
  );
}

function MemberPicker({ onPick }: { onPick: (member: PointsMemberDto) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: pointKeys.search(q), queryFn: () => searchPointsMembers(q), enabled: q !== '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <div className="grid gap-2">
      <form role="search" aria-label="Find a member" onSubmit={submit} className="flex items-end gap-2 [&>:first-child]:min-w-0 [&>:first-child]:flex-1">
        <FormField label="Member">
          <Input type="search" placeholder="Username starts with…" autoComplete="off" maxLength={50} value={text} onChange={(e) => setText(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Find
        </Button>
      </form>
      {q === '' ? null : found.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Searching…
        </p>
      ) : found.isError ? (
        <LoadError what="members" error={found.error} onRetry={() => void found.refetch()} className="py-4" />
      ) : found.data.members.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No member's username starts with “{q}”.
        </p>
      ) : (
        <ul aria-label="Members found" className="flex flex-wrap gap-2">
          {found.data.members.map((m) => (
            <li key={m.id}>
              <Button
                variant="outline"
                onClick={() => {
                  onPick(m);
                  setQ('');
                }}
              >
                {m.username}
                <span className="text-muted-foreground">{m.points.toLocaleString()} pts</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The type filter's value: '' all, 'manual', or a rule id. */
function filterOf(type: string, from: string, to: string): LedgerFilter {
  return {
    ...(type === 'manual' ? { manual: true } : type ? { ruleId: Number(type) } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

function MemberLedger({ memberId }: { memberId: number }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [adjusting, setAdjusting] = useState<PointsMemberDto | null>(null);
  const filter = filterOf(type, from, to);
  const rules = useQuery({ queryKey: pointKeys.rules, queryFn: fetchPointRules });
  const ledger = useInfiniteQuery({
    queryKey: pointKeys.ledger(memberId, filter),
    queryFn: ({ pageParam }) => fetchLedger(memberId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

  const onAdjusted = (answer: AdjustmentResponse) => {
    setAdjusting(null);
    toast({ variant: 'success', title: 'Points adjusted', description: `${answer.member.username} now has ${answer.member.points.toLocaleString()} points.` });
    for (const queryKey of [pointKeys.membersAll, pointKeys.leaderboard, pointKeys.person(answer.member.id)]) void queryClient.invalidateQueries({ queryKey });
  };

  if (ledger.isPending) return <ListSkeleton label="Loading the ledger" />;
  if (ledger.isError) return <LoadError what="the ledger" error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const member = ledger.data.pages[0]!.member;
  const entries = ledger.data.pages.flatMap((p) => p.entries);
  const filtered = type !== '' || from !== '' || to !== '';

  return (
    <section aria-label={`Points of ${member.username}`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4">
        <div className="grid gap-0.5">
          <h2 className="font-semibold">{member.displayName ? `${member.displayName} (@${member.username})` : `@${member.username}`}</h2>
          <p className="text-sm text-muted-foreground">
            <span data-testid="member-points">{member.points.toLocaleString()} points</span> · Level {member.level}: {levelName(member.level)}
          </p>
        </div>
        <Button onClick={() => setAdjusting(member)}>
          <Coins aria-hidden="true" />
          Adjust points
        </Button>
      </div>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">Filters</legend>
        <FormField label="Type">
          <NativeSelect value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All</option>
            <option value="manual">Manual adjustments</option>
            {rules.data?.rules.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {actionLabel(r.actionType)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="From (UTC day)">
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label="To (UTC day)">
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </fieldset>

      {entries.length === 0 ? (
        <EmptyState icon={SlidersHorizontal}>{filtered ? 'No transactions match these filters.' : `${member.username} has no point transactions yet.`}</EmptyState>
      ) : (
        <>
          <ul aria-label="Transactions" className="grid gap-2">
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <LoadMore pager={ledger} />
        </>
      )}
      <AdjustPointsDialog member={adjusting} onClose={() => setAdjusting(null)} onAdjusted={onAdjusted} />
    </section>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntryDto }) {
  const what = entry.manual ? 'Manual adjustment' : entry.rule ? actionLabel(entry.rule.actionType) : (entry.description ?? 'Retired rule');
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 rounded-xl border bg-card px-4 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {what}
          {entry.manual ? <Badge variant="outline">Admin</Badge> : null}
        </p>
        {entry.manual && entry.description ? <p className="break-words text-sm">{entry.description}</p> : null}
        <p className="text-xs text-muted-foreground">
          {formatFullDate(entry.timestamp)}
          {entry.relatedEntityType && !entry.manual ? ` · ${entry.relatedEntityType} ${entry.relatedEntityId ?? ''}` : ''}
        </p>
      </div>
      <div className="grid justify-items-end gap-0.5 text-right">
        <span className={entry.points < 0 ? 'font-semibold text-destructive' : 'font-semibold text-success'}>{signed(entry.points)}</span>
        <span className="text-xs text-muted-foreground">= {entry.balance.toLocaleString()}</span>
      </div>
    </li>
  );
}
