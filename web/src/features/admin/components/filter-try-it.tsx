import { ContentFilterTestBody, type ContentFilterTestResponse } from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import type { ApiError } from '../../../lib/api';
import { testContentFilters } from '../api/content-filters-api';
import { ActionBadge } from './filter-badges';
import { Highlighted } from './highlighted';

/** "Try it": which filters match a sample text, and where. Nothing is recorded. */
export function FilterTryIt() {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useMutation<ContentFilterTestResponse & { text: string }, ApiError, string>({
    mutationFn: async (sample) => ({ ...(await testContentFilters(sample)), text: sample }),
    onError: (e) => setError(e.message),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContentFilterTestBody.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Type some text to try');
      return;
    }
    setError(null);
    run.mutate(parsed.data.text);
  };
  const result = run.data;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl border bg-card p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-5 text-primary" aria-hidden="true" />
        Try it
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Try the filters">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-text`}>Sample text</Label>
          <Textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={5000}
            placeholder="Paste a title, comment or message to see which filters catch it"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={run.isPending}>
            {run.isPending ? 'Checking...' : 'Check text'}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-3">
        {result ? (
          result.matches.length === 0 ? (
            <p className="text-sm text-muted-foreground">No filter matches this text.</p>
          ) : (
            <>
              <p className="whitespace-pre-wrap break-words rounded-xl bg-muted/60 p-3 text-sm" data-testid="highlighted">
                <Highlighted text={result.text} parts={result.matches.flatMap((m) => m.parts)} />
              </p>
              <ul className="grid gap-2" aria-label="Matching filters">
                {result.matches.map((match) => (
                  <li key={match.filterId} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">{match.filterName}</span>
                    <ActionBadge action={match.action} />
                    {match.isActive ? null : <Badge variant="outline">Inactive</Badge>}
                    <span className="text-muted-foreground">
                      matched {match.parts.map((part) => `“${part.text}”`).join(', ')}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
