import { AppealBody, type StrikeDto } from '@plates/common';
import { HeartHandshake, MessageSquareWarning } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, FormError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { useAppealStrike, useStrikes } from '../hooks/use-strikes';
import { StrikeDetails } from '../../../components/moderation/strike-details';

const APPEAL_MAX = 2000;

/** Settings, "Your account": the member's strikes, and an appeal where one is still possible. */
export function AccountStrikes() {
  const strikes = useStrikes();
  if (strikes.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading your account's record" />
      </div>
    );
  }
  if (strikes.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>Error loading your account's record: {strikes.error.message}</span>
        <Button variant="outline" size="sm" className="h-11" onClick={() => void strikes.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (strikes.data.length === 0) {
    return (
      <p className="flex items-center gap-3 rounded-xl bg-muted/60 px-4 py-4 text-sm">
        <HeartHandshake className="size-5 shrink-0 text-success" aria-hidden="true" />
        No strikes. Thanks for keeping Plates friendly.
      </p>
    );
  }
  return (
    <ul aria-label="Your strikes" className="grid gap-3">
      {strikes.data.map((strike) => (
        <li key={strike.id} className="grid gap-3 rounded-xl border p-3 sm:p-4">
          <StrikeDetails strike={strike} appealLabel="Your appeal" />
          {strike.canAppeal ? <AppealForm strike={strike} /> : null}
        </li>
      ))}
    </ul>
  );
}

function AppealForm({ strike }: { strike: StrikeDto }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const appeal = useAppealStrike({ onSent: () => setOpen(false) });
  if (!open) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <MessageSquareWarning aria-hidden="true" />
        Appeal
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AppealBody.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check your appeal');
      return;
    }
    appeal.mutate({ id: strike.id, text: parsed.data.text });
  };
  const left = APPEAL_MAX - text.length;
  return (
    <form noValidate onSubmit={submit} aria-label="Appeal this strike" className="grid gap-2 border-t pt-3">
      <FormError>{appeal.error?.message}</FormError>
      <Label htmlFor={`${id}-text`}>Why should a moderator look again?</Label>
      <Textarea
        id={`${id}-text`}
        rows={4}
        maxLength={APPEAL_MAX}
        // opened by the Appeal button: the words come next
        autoFocus
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <p id={`${id}-hint`} className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>One appeal per strike. Be specific: at least 10 characters.</span>
        <span aria-live="polite">{left < 200 ? `${left} left` : null}</span>
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={appeal.isPending}>
          {appeal.isPending ? 'Sending...' : 'Send appeal'}
        </Button>
      </div>
    </form>
  );
}
