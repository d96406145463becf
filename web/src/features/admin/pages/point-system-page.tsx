import type { RecomputeResponse } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Calculator, Coins } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { pointKeys, recomputePoints } from '../api/points-api';
import { PointRules } from '../components/point-rules';
import { PointsLedger } from '../components/points-ledger';
import { PageHeading } from '../components/query-states';

const TABS = ['rules', 'ledger', 'recompute'] as const;
type Tab = (typeof TABS)[number];

/** /admin/point-system (manage_points): the rules, a member's ledger and adjustments, and the recompute. */
export default function PointSystemPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'rules';
  const member = Number(params.get('member'));
  const memberId = Number.isInteger(member) && member > 0 ? member : null;
  const go = (next: { tab?: Tab; member?: number | null }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next.tab) p.set('tab', next.tab);
        if (next.member !== undefined) {
          if (next.member === null) p.delete('member');
          else p.set('member', String(next.member));
        }
        return p;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-4">
      <PageHeading icon={Coins} title="Point System">
        What each action earns, every member&apos;s points ledger, adjustments with a reason, and rebuilding totals from the ledger.
      </PageHeading>
      <Tabs value={tab} onValueChange={(value) => go({ tab: value as Tab })}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="rules">Rules</TabsTrigger>
          <TabsTrigger value="ledger">Ledger</TabsTrigger>
          <TabsTrigger value="recompute">Recompute</TabsTrigger>
        </TabsList>
        <TabsContent value="rules">
          <PointRules />
        </TabsContent>
        <TabsContent value="ledger">
          <PointsLedger memberId={memberId} onMember={(id) => go({ member: id })} />
        </TabsContent>
        <TabsContent value="recompute">
          <Recompute />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Recompute() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const recompute = useMutation<RecomputeResponse, ApiError>({
    mutationFn: recomputePoints,
    onSuccess: () => {
      for (const queryKey of [pointKeys.membersAll, pointKeys.leaderboard, pointKeys.people]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not recompute: ${error.message}` }),
  });
  return (
    <section aria-labelledby="recompute-title" className="grid gap-3 rounded-2xl border bg-card p-4">
      <h2 id="recompute-title" className="font-semibold">
        Rebuild totals from the ledger
      </h2>
      <p className="text-sm text-muted-foreground">
        Sets every member&apos;s points to the sum of their ledger and their level to match. Running it again changes nothing. Members are not notified.
      </p>
      <div>
        <Button onClick={() => setConfirming(true)} disabled={recompute.isPending}>
          <Calculator aria-hidden="true" />
          {recompute.isPending ? 'Recomputing...' : 'Recompute totals'}
        </Button>
      </div>
      {recompute.data ? (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium">
          Read {recompute.data.members.toLocaleString()} members; {recompute.data.changed.toLocaleString()}{' '}
          {recompute.data.changed === 1 ? 'total' : 'totals'} changed.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Recompute every member's points?"
        description="Totals that differ from the ledger are replaced by the ledger's sum. Awards wait while it runs."
        confirmLabel="Recompute"
        onConfirm={() => {
          setConfirming(false);
          recompute.mutate();
        }}
      />
    </section>
  );
}
