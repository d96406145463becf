import { AppealDecisionBody, type AppealDto } from '@plates/common';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { StrikeDetails } from '../../../components/moderation/strike-details';
import { useDecideAppeal } from '../hooks/use-moderation';
import { ActionDialog, fieldErrorsOf } from './action-dialog';
import { PersonLine, StatusChip } from './person';

type Decision = 'approve' | 'reject';

const DECISIONS = {
  approve: {
    title: 'Approve the appeal',
    description: 'The strike is lifted and what it did is undone (a removed plate comes back, a restriction or suspension ends). The member is told.',
    submit: 'Approve',
  },
  reject: {
    title: 'Reject the appeal',
    description: 'The strike stands. The member is told, with your reason if you give one.',
    submit: 'Reject',
  },
} as const;

/** One appeal: the member, the strike they appeal and their words; Approve or Reject while pending. */
export function AppealCard({ appeal }: { appeal: AppealDto }) {
  const id = useId();
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = useDecideAppeal({ onDecided: () => setDecision(null) });
  const pending = appeal.strike.appeal?.status === 'pending';
  const close = () => {
    decide.reset();
    setDecision(null);
  };
  const spec = DECISIONS[decision ?? 'approve'];
  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
      <h2 id={`${id}-title`} className="sr-only">
        Appeal by @{appeal.member.username}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PersonLine person={appeal.member} />
        <StatusChip status={appeal.member.accountStatus} />
      </div>
      <StrikeDetails strike={appeal.strike} />
      {pending ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Decide the appeal by @${appeal.member.username}`}>
          <Button onClick={() => setDecision('approve')}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button variant="outline" onClick={() => setDecision('reject')}>
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      ) : null}
      <ActionDialog
        open={decision !== null}
        onOpenChange={(open) => !open && close()}
        title={spec.title}
        description={spec.description}
        withDays={false}
        templates={[]}
        reasonOptional
        reasonHint="Added to the member’s notice and kept in the audit log."
        submitLabel={spec.submit}
        destructive={decision === 'reject'}
        pending={decide.isPending}
        serverError={decide.error?.message ?? null}
        validate={(values) => {
          const parsed = AppealDecisionBody.safeParse({ reason: values.reason });
          return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
        }}
        onSubmit={(values) => {
          if (!decision) return;
          const reason = values.reason.trim();
          decide.mutate({ strikeId: appeal.id, decision, ...(reason ? { reason } : {}) });
        }}
      />
    </article>
  );
}
