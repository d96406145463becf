import { zodResolver } from '@hookform/resolvers/zod';
import { DailyCap, RULE_POINTS_MAX, RULE_POINTS_MIN, RulePoints, type PointRuleDto } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { fetchPointRules, patchPointRule, pointKeys } from '../api/points-api';
import { LoadError } from './page-states';
import { EmptyState, ListSkeleton } from './query-states';

/** What each action is, said for people (the rules' action types are the API's names). */
export const ACTION_LABELS: Record<string, string> = {
  post_approved: 'Plate approved',
  rating_received: 'Rating received',
  rating_given: 'Rating given',
  comment_given: 'Comment given',
  follow_received: 'New follower',
};
export const actionLabel = (actionType: string) => ACTION_LABELS[actionType] ?? actionType;

/** An empty cap field is "no cap"; anything else must be a whole number in range. */
const RuleForm = z.object({
  pointsAwarded: RulePoints,
  isActive: z.boolean(),
  dailyCap: z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), DailyCap),
});
type RuleInput = { pointsAwarded: number; isActive: boolean; dailyCap: string };

/** The Rules tab: one row per rule, each saved on its own (awards from then on). */
export function PointRules() {
  const query = useQuery({ queryKey: pointKeys.rules, queryFn: fetchPointRules, staleTime: 0 });
  if (query.isPending) return <ListSkeleton label="Loading rules" />;
  if (query.isError) return <LoadError what="rules" error={query.error} onRetry={() => void query.refetch()} />;
  const rules = query.data.rules;
  if (rules.length === 0) return <EmptyState icon={Coins}>No point rules yet.</EmptyState>;
  return (
    <ul className="grid gap-3" aria-label="Point rules">
      {rules.map((rule) => (
        <RuleRow key={rule.id} rule={rule} />
      ))}
    </ul>
  );
}

function RuleRow({ rule }: { rule: PointRuleDto }) {
  const queryClient = useQueryClient();
  const saved: RuleInput = { pointsAwarded: rule.pointsAwarded, isActive: rule.isActive, dailyCap: rule.dailyCap === null ? '' : String(rule.dailyCap) };
  const form = useForm<RuleInput, unknown, z.output<typeof RuleForm>>({ resolver: zodResolver(RuleForm) as never, values: saved });
  const { errors, isDirty } = form.formState;
  const name = actionLabel(rule.actionType);
  const titleId = `rule-${rule.id}`;

  const save = useMutation<PointRuleDto, ApiError, z.output<typeof RuleForm>>({
    mutationFn: (values) => patchPointRule(rule.id, values),
    onSuccess: (answer) => {
      toast({ variant: 'success', title: `${name} saved`, description: 'The new rule applies to awards from now on.' });
      queryClient.setQueryData(pointKeys.rules, (data: { rules: PointRuleDto[] } | undefined) =>
        data ? { rules: data.rules.map((r) => (r.id === answer.id ? answer : r)) } : data,
      );
    },
    onError: (error) => {
      if (error.field === 'pointsAwarded' || error.field === 'dailyCap') form.setError(error.field, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Saving failed. Please try again.' });
    },
  });

  const onSubmit = form.handleSubmit((values) => save.mutate(values));

  return (
    <li className="rounded-2xl border bg-card p-4">
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="grid gap-3 md:grid-cols-[minmax(0,1fr)_8rem_6rem_9rem_auto] md:items-start">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold">
            {name}
          </h3>
          <p className="text-xs text-muted-foreground">{rule.description ?? rule.actionType}</p>
          <FormError>{errors.root?.server?.message}</FormError>
        </div>
        <FormField label="Points" error={errors.pointsAwarded?.message}>
          <Input type="number" inputMode="numeric" step={1} min={RULE_POINTS_MIN} max={RULE_POINTS_MAX} {...form.register('pointsAwarded', { valueAsNumber: true })} />
        </FormField>
        <div className="grid gap-2">
          <Label htmlFor={`rule-${rule.id}-active`}>Active</Label>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <Switch id={`rule-${rule.id}-active`} className="mt-2" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </div>
        <FormField label="Daily cap" error={errors.dailyCap?.message} hint="Empty: no cap">
          <Input type="number" inputMode="numeric" step={1} min={1} placeholder="No cap" {...form.register('dailyCap')} />
        </FormField>
        <Button type="submit" className="md:mt-7" disabled={!isDirty || save.isPending} aria-label={`Save ${name}`}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </li>
  );
}
