import { zodResolver } from '@hookform/resolvers/zod';
import { ADJUSTMENT_MAX, ADJUSTMENT_REASON_MAX, AdjustmentBody, type AdjustmentResponse, type PointsMemberDto } from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError, type ApiError } from '../../../lib/api';
import { adjustPoints } from '../api/points-api';

type Input = z.input<typeof AdjustmentBody>;
type Output = z.output<typeof AdjustmentBody>;

/** Adds or takes points from one member, with the reason they are told. */
export function AdjustPointsDialog({
  member,
  onClose,
  onAdjusted,
}: {
  member: PointsMemberDto | null;
  onClose: () => void;
  onAdjusted: (answer: AdjustmentResponse) => void;
}) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Adjust points</DialogTitle>
          <DialogDescription>
            {member ? `${member.username} has ${member.points.toLocaleString()} points. They are told of the change and its reason.` : ''}
          </DialogDescription>
        </DialogHeader>
        {member ? <AdjustForm key={member.id} member={member} onClose={onClose} onAdjusted={onAdjusted} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AdjustForm({ member, onClose, onAdjusted }: { member: PointsMemberDto; onClose: () => void; onAdjusted: (answer: AdjustmentResponse) => void }) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(AdjustmentBody), defaultValues: { points: undefined as unknown as number, reason: '' } });
  const { errors } = form.formState;
  const adjust = useMutation<AdjustmentResponse, ApiError, Output>({
    mutationFn: (body) => adjustPoints(member.id, body),
    onSuccess: onAdjusted,
    onError: (error) => {
      if (error.field === 'points' || error.field === 'reason') form.setError(error.field, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Adjusting failed. Please try again.' });
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => adjust.mutate(body))} className="grid gap-4">
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="Points" error={errors.points?.message} hint={`Negative to take points away; at most ${ADJUSTMENT_MAX.toLocaleString()} either way.`}>
        <Input type="number" inputMode="numeric" step={1} autoFocus {...form.register('points', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Reason" error={errors.reason?.message} hint="The member reads this in their notification.">
        <Textarea rows={3} maxLength={ADJUSTMENT_REASON_MAX} {...form.register('reason')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? 'Saving...' : 'Adjust points'}
        </Button>
      </DialogFooter>
    </form>
  );
}
