import { AppealBody, type StrikeDto } from '@plates/common';
import { MessageSquareWarning } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { describeError, isApiError } from '../../lib/api';
import { Button } from '../ui/button';
import { FieldError, FormError } from '../ui/form-field';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { StrikeDetails } from './strike-details';

const APPEAL_MAX = 2000;

/** Sends one appeal; resolves once the server took it (the caller's cache then shows it pending). */
export type SendAppeal = (strikeId: number, text: string) => Promise<unknown>;

/**
 * A member's strikes as they load, each with an appeal form where one is still possible. Shared by
 * Settings, "Your account" (signed in) and the sign-in page (a suspended member's appeal pass), each
 * with its own query and way to send; imported directly, not through a feature's index.
 */
export function AppealableStrikes({
  strikes,
  send,
  empty,
}: {
  strikes: UseQueryResult<StrikeDto[], Error>;
  send: SendAppeal;
  /** What an empty record shows. */
  empty: ReactNode;
}) {
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
        {/* a refused pass or session is not fixed by asking again */}
        {isApiError(strikes.error) && strikes.error.status === 401 ? null : (
          <Button variant="outline" size="sm" className="h-11" onClick={() => void strikes.refetch()}>
            Try Again
          </Button>
        )}
      </div>
    );
  }
  if (strikes.data.length === 0) return empty;
  return (
    <ul aria-label="Your strikes" className="grid gap-3">
      {strikes.data.map((strike) => (
        <li key={strike.id} className="grid gap-3 rounded-xl border p-3 sm:p-4">
          <StrikeDetails strike={strike} appealLabel="Your appeal" />
          {strike.canAppeal ? <AppealForm strike={strike} send={send} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The Appeal button, and the form it opens: one appeal per strike, 10 to 2000 characters. */
export function AppealForm({ strike, send }: { strike: StrikeDto; send: SendAppeal }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <MessageSquareWarning aria-hidden="true" />
        Appeal
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AppealBody.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check your appeal');
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await send(strike.id, parsed.data.text);
      setOpen(false);
    } catch (cause) {
      setFailure(describeError(cause));
    } finally {
      setPending(false);
    }
  };
  const left = APPEAL_MAX - text.length;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Appeal this strike" className="grid gap-2 border-t pt-3">
      <FormError>{failure}</FormError>
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
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send appeal'}
        </Button>
      </div>
    </form>
  );
}
