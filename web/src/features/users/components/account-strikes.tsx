import { HeartHandshake } from 'lucide-react';
import { AppealableStrikes } from '../../../components/moderation/appeal-form';
import { useAppealStrike, useStrikes } from '../hooks/use-strikes';

/** Settings, "Your account": the member's strikes, and an appeal where one is still possible. */
export function AccountStrikes() {
  const strikes = useStrikes();
  const appeal = useAppealStrike();
  return (
    <AppealableStrikes
      strikes={strikes}
      send={(id, text) => appeal.mutateAsync({ id, text })}
      empty={
        <p className="flex items-center gap-3 rounded-xl bg-muted/60 px-4 py-4 text-sm">
          <HeartHandshake className="size-5 shrink-0 text-success" aria-hidden="true" />
          No strikes. Thanks for keeping Plates friendly.
        </p>
      }
    />
  );
}
