import { AppealableStrikes } from '../../../components/moderation/appeal-form';
import { usePassAppeal, usePassStrikes } from '../hooks/use-appeal-pass';

/**
 * The sign-in page's way for a suspended member to appeal: their strikes, read with the appeal
 * pass the refused sign-in answered, and the shared appeal form. Loaded on demand (most visitors
 * are not suspended).
 */
export default function SuspensionAppeal({ appealToken }: { appealToken: string }) {
  const strikes = usePassStrikes(appealToken);
  const appeal = usePassAppeal(appealToken);
  return (
    <section aria-label="Appeal your suspension" className="grid gap-3">
      <AppealableStrikes
        strikes={strikes}
        send={(id, text) => appeal.mutateAsync({ id, text })}
        empty={<p className="text-sm">No strikes to appeal.</p>}
      />
    </section>
  );
}
