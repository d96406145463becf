import { zodResolver } from '@hookform/resolvers/zod';
import {
  AiThresholdsBody,
  ANALYSIS_MESSAGES,
  ANALYSIS_THRESHOLD_BOUNDS,
  type AdminAiResponse,
  type AnalysisPart,
  type AnalysisThresholds,
} from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { aiKeys, fetchAdminAi, putAiPart, putAiThresholds, startAiBackfill, stopAiBackfill } from '../api/ai-api';
import { LoadError } from '../components/page-states';
import { Facts } from '../components/system-parts';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

type Part = AdminAiResponse['parts'][number];
type Figures = AdminAiResponse['figures'];

/** How often the page asks for the progress of the analysis of earlier plates while it runs. */
export const BACKFILL_REFRESH_MS = 3_000;

/** Moderator agreement: of the held plates a moderator decided on, the share rejected. */
export function agreementText({ heldDecided, heldAgreed }: Pick<Figures, 'heldDecided' | 'heldAgreed'>): string {
  if (heldDecided === 0) return 'no decisions yet';
  return `${Math.round((heldAgreed / heldDecided) * 100)}% (${heldAgreed} of ${heldDecided})`;
}

/** /admin/ai (manage_settings): each analysis switched on or off, the thresholds, and what it has done. */
export default function AiPage() {
  // While earlier plates are being analysed, their progress is asked for every few seconds.
  const ai = useQuery({
    queryKey: aiKeys.all,
    queryFn: fetchAdminAi,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.figures.backfill.running ? BACKFILL_REFRESH_MS : false),
  });
  return (
    <div className="grid gap-4">
      <PageHeading icon={Sparkles} title="Photo analysis">
        Runs on this server, offline: scores photos for their cooks, holds adult content for review, tells moderators when no food
        is found, suggests cuisines and finds similar plates. A part switched off is skipped; plates already posted keep working.
      </PageHeading>
      {ai.isPending ? (
        <ListSkeleton label="Loading photo analysis" />
      ) : ai.isError ? (
        <LoadError what="photo analysis" error={ai.error} onRetry={() => void ai.refetch()} />
      ) : ai.data.parts.length === 0 ? (
        <EmptyState icon={Sparkles}>No analyses to show.</EmptyState>
      ) : (
        <>
          <PartsCard parts={ai.data.parts} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ThresholdsCard thresholds={ai.data.thresholds} />
            <FiguresCard figures={ai.data.figures} />
          </div>
          <BackfillCard figures={ai.data.figures} />
        </>
      )}
    </div>
  );
}

function PartsCard({ parts }: { parts: Part[] }) {
  const queryClient = useQueryClient();
  // Optimistic: the switch moves at once; a refusal puts it back and says why.
  const toggle = useMutation<unknown, ApiError, { part: Part; enabled: boolean }, AdminAiResponse | undefined>({
    mutationFn: ({ part, enabled }) => putAiPart(part.name, enabled),
    onMutate: async ({ part, enabled }) => {
      await queryClient.cancelQueries({ queryKey: aiKeys.all });
      const before = queryClient.getQueryData<AdminAiResponse>(aiKeys.all);
      queryClient.setQueryData<AdminAiResponse>(aiKeys.all, (data) =>
        data ? { ...data, parts: data.parts.map((p) => (p.name === part.name ? { ...p, enabled } : p)) } : data,
      );
      return before;
    },
    onSuccess: (_answer, { part, enabled }) => {
      toast({ variant: 'success', title: ANALYSIS_MESSAGES.partToggled(part.label, enabled) });
    },
    onError: (error, { part }, before) => {
      queryClient.setQueryData(aiKeys.all, before);
      toast({ variant: 'destructive', title: error.title || 'Error', description: `Could not switch ${part.label.toLowerCase()}: ${error.message}` });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });

  return (
    <Card role="region" aria-labelledby="ai-parts">
      <CardHeader>
        <CardTitle id="ai-parts">Analyses</CardTitle>
        <CardDescription>Each runs when a photo is chosen or posted. Off: its model is never loaded.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {parts.map((part) => (
            <PartRow key={part.name} part={part} onChange={(enabled) => toggle.mutate({ part, enabled })} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PartRow({ part, onChange }: { part: Part; onChange: (enabled: boolean) => void }) {
  const id = `ai-part-${part.name satisfies AnalysisPart}`;
  return (
    <li className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{part.label}</Label>
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {part.description}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-help`} checked={part.enabled} onCheckedChange={onChange} />
    </li>
  );
}

const BOUNDS = ANALYSIS_THRESHOLD_BOUNDS;
const boundsHint = (b: { min: number; max: number; default: number }) => `From ${b.min}% to ${b.max}%; default ${b.default}%.`;
const THRESHOLD_FIELDS: { key: keyof AnalysisThresholds; label: string; help: string }[] = [
  { key: 'nsfwHoldPercent', label: 'Hold for review at (%)', help: 'A photo this likely to be adult content waits for a moderator.' },
  { key: 'foodMinPercent', label: 'Food found from (%)', help: 'A detection of food or tableware this sure counts as found.' },
];

function ThresholdsCard({ thresholds }: { thresholds: AnalysisThresholds }) {
  const queryClient = useQueryClient();
  // A refetch (after a switch moves) keeps what the admin is typing.
  const form = useForm<AnalysisThresholds>({ resolver: zodResolver(AiThresholdsBody), values: thresholds, resetOptions: { keepDirtyValues: true } });
  const { errors, isDirty } = form.formState;

  const save = useMutation<AdminAiResponse, ApiError, AnalysisThresholds>({
    mutationFn: putAiThresholds,
    onSuccess: (answer) => {
      queryClient.setQueryData(aiKeys.all, answer);
      form.reset(answer.thresholds);
      toast({ variant: 'success', title: ANALYSIS_MESSAGES.thresholdsSaved });
    },
    onError: (error) => {
      if (error.field === 'nsfwHoldPercent' || error.field === 'foodMinPercent') form.setError(error.field, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Saving failed. Please try again.' });
    },
  });

  return (
    <Card role="region" aria-labelledby="ai-thresholds">
      <CardHeader>
        <CardTitle id="ai-thresholds">Thresholds</CardTitle>
        <CardDescription>How sure each check must be before it acts. They apply to photos analysed from now on.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-labelledby="ai-thresholds" className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <FormError>{errors.root?.server?.message}</FormError>
          {THRESHOLD_FIELDS.map(({ key, label, help }) => (
            <FormField key={key} label={label} error={errors[key]?.message} hint={`${help} ${boundsHint(BOUNDS[key])}`}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={BOUNDS[key].min}
                max={BOUNDS[key].max}
                {...form.register(key, { valueAsNumber: true })}
              />
            </FormField>
          ))}
          <div className="flex flex-wrap justify-end gap-2">
            {isDirty ? (
              <Button type="button" variant="outline" onClick={() => form.reset(thresholds)} disabled={save.isPending}>
                Discard changes
              </Button>
            ) : null}
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save thresholds'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function FiguresCard({ figures }: { figures: Figures }) {
  const rows: [string, string][] = [
    ['Plates analysed', figures.analysed.toLocaleString('en')],
    ['Held for review', figures.held.toLocaleString('en')],
    ['Moderator agreement', agreementText(figures)],
    ['No food found', figures.noFood.toLocaleString('en')],
    ['Waiting in the queue', figures.queued.toLocaleString('en')],
    ['Workers', String(figures.workers)],
  ];
  return (
    <Card role="region" aria-labelledby="ai-figures">
      <CardHeader>
        <CardTitle id="ai-figures">Figures</CardTitle>
        <CardDescription>Moderator agreement: of the held plates a moderator decided on, the share they rejected.</CardDescription>
      </CardHeader>
      <CardContent>
        <Facts items={rows} />
      </CardContent>
    </Card>
  );
}

/** Plates posted before analysis existed (or seeded): analysed on demand, never by themselves. */
function BackfillCard({ figures }: { figures: Figures }) {
  const queryClient = useQueryClient();
  const { running, done } = figures.backfill;
  const onError = (verb: string) => (error: ApiError) =>
    toast({ variant: 'destructive', title: error.title || 'Error', description: `Could not ${verb} analysing earlier plates: ${error.message}` });
  const start = useMutation<AdminAiResponse, ApiError>({
    mutationFn: startAiBackfill,
    onSuccess: (answer) => {
      queryClient.setQueryData(aiKeys.all, answer);
      toast({ variant: 'success', title: ANALYSIS_MESSAGES.backfillStarted });
    },
    onError: onError('start'),
  });
  const stop = useMutation<AdminAiResponse, ApiError>({
    mutationFn: stopAiBackfill,
    onSuccess: (answer) => {
      queryClient.setQueryData(aiKeys.all, answer);
      toast({ variant: 'success', title: ANALYSIS_MESSAGES.backfillStopped });
    },
    onError: onError('stop'),
  });
  const busy = start.isPending || stop.isPending;

  return (
    <Card role="region" aria-labelledby="ai-backfill">
      <CardHeader>
        <CardTitle id="ai-backfill">Earlier plates</CardTitle>
        <CardDescription>
          Plates posted before photo analysis was switched on have none: no similar plates, no visual cuisine hints. They are analysed one
          at a time, newest first, and new uploads always go first.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1 text-sm" aria-live="polite">
          <p className="font-medium tabular-nums">Not analysed yet: {figures.notAnalysed.toLocaleString('en')}</p>
          {running || done > 0 ? (
            <p className="text-muted-foreground tabular-nums">
              {running ? 'Analysing now' : 'Last run'}: {done.toLocaleString('en')} {done === 1 ? 'plate' : 'plates'} analysed
            </p>
          ) : null}
        </div>
        {running ? (
          <Button type="button" variant="outline" onClick={() => stop.mutate()} disabled={busy}>
            {stop.isPending ? 'Stopping...' : 'Stop'}
          </Button>
        ) : (
          <Button type="button" onClick={() => start.mutate()} disabled={busy || figures.notAnalysed === 0}>
            {start.isPending ? 'Starting...' : 'Analyse earlier plates'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
