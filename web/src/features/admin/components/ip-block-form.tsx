import { zodResolver } from '@hookform/resolvers/zod';
import { IpAddressOrRange, IpBlockBody, IpBlockType, parseIp, parseIpRange, rangeContains, type IpBlockDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { createIpBlock, securityKeys } from '../api/security-api';
import { NativeSelect } from './native-select';

/** The block types in the order offered, each with what it does in plain words. */
export const BLOCK_TYPES: { value: IpBlockType; label: string; explanation: string }[] = [
  {
    value: 'sign_up_block',
    label: 'Block sign-ups',
    explanation: 'Nobody can create an account from this address. Members who already have one keep using Plates as before.',
  },
  {
    value: 'sign_up_requires_approval',
    label: 'Sign-ups need approval',
    explanation:
      'Accounts can still be created from this address, but each new one waits under Members (Awaiting approval) and cannot sign in until a moderator approves it.',
  },
  {
    value: 'no_access',
    label: 'No access',
    explanation:
      'Every page, the app and live updates refuse this address, for members and visitors alike. For attacks and scrapers.',
  },
];

export const blockTypeLabel = (type: IpBlockType) => BLOCK_TYPES.find((t) => t.value === type)?.label ?? type;

const FormSchema = z.object({
  ipAddress: IpAddressOrRange,
  blockType: IpBlockType,
  reason: IpBlockBody.shape.reason,
  /** A `datetime-local` value (the viewer's time), or empty for no expiry. */
  expiresAt: z.string().refine((value) => !value || Date.parse(value) > Date.now(), 'The expiry must be in the future.'),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;
const FIELDS = ['ipAddress', 'blockType', 'reason', 'expiresAt'] as const;

/** Whether a no-access block of `range` would refuse the viewer's own address. */
function coversOwnAddress(range: string, blockType: string, yourIp: string | undefined): boolean {
  if (blockType !== 'no_access' || !yourIp) return false;
  const parsed = parseIpRange(range);
  const own = parseIp(yourIp);
  return Boolean(parsed && own && rangeContains(parsed, own));
}

/**
 * The form that blocks an address or CIDR range: type with its explanation, reason and optional
 * expiry. A no-access block over the viewer's own address is warned of while typing, and the
 * server's refusal (409, field `confirm`) asks for confirmation before it is sent again.
 */
export function IpBlockForm({ yourIp }: { yourIp: string | undefined }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<{ body: IpBlockBody; message: string } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { ipAddress: '', blockType: 'sign_up_block', reason: '', expiresAt: '' },
  });
  const { errors } = form.formState;
  const [ipAddress, blockType] = useWatch({ control: form.control, name: ['ipAddress', 'blockType'] });
  const explanation = BLOCK_TYPES.find((t) => t.value === blockType)?.explanation;
  const selfLockout = coversOwnAddress(ipAddress ?? '', blockType ?? '', yourIp);

  const create = useMutation<IpBlockDto, ApiError, IpBlockBody>({
    mutationFn: createIpBlock,
    onSuccess: (block) => {
      toast({ variant: 'success', title: 'Address blocked', description: `${block.ipAddress}: ${blockTypeLabel(block.blockType)}.` });
      form.reset();
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: securityKeys.ipBlocks });
    },
    onError: (error, body) => {
      if (error.code === 'CONFLICT' && error.field === 'confirm') {
        setConfirming({ body, message: error.message });
        return;
      }
      setConfirming(null);
      const field = FIELDS.find((f) => f === error.field);
      if (field) form.setError(field, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Blocking failed. Please try again.' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    create.mutate({
      ipAddress: values.ipAddress,
      blockType: values.blockType,
      reason: values.reason,
      ...(values.expiresAt ? { expiresAt: new Date(values.expiresAt).toISOString() } : {}),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Block an address">
      <FormError>{errors.root?.server?.message}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Address or range"
          error={errors.ipAddress?.message}
          hint={`A single address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24).${yourIp ? ` Yours is ${yourIp}.` : ''}`}
        >
          <Input autoCapitalize="none" autoComplete="off" spellCheck={false} className="font-mono" {...form.register('ipAddress')} />
        </FormField>
        <FormField label="What to block" error={errors.blockType?.message} hint={explanation}>
          <NativeSelect {...form.register('blockType')}>
            {BLOCK_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {selfLockout ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>This covers your own address</AlertTitle>
          <AlertDescription>
            {yourIp} is in this range: once the block applies, you can no longer use Plates from this connection, this page
            included. You will be asked to confirm.
          </AlertDescription>
        </Alert>
      ) : null}
      <FormField label="Reason" error={errors.reason?.message} hint="Kept with the block and in the audit log.">
        <Textarea rows={2} maxLength={1000} {...form.register('reason')} />
      </FormField>
      <FormField label="Expires (optional)" error={errors.expiresAt?.message} hint="Leave empty to block until the block is removed.">
        <Input type="datetime-local" className="sm:max-w-xs" {...form.register('expiresAt')} />
      </FormField>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Blocking...' : 'Block'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Block your own address?"
        description={confirming?.message}
        confirmLabel="Block anyway"
        destructive
        onConfirm={() => {
          if (confirming) create.mutate({ ...confirming.body, confirm: true });
        }}
      />
    </form>
  );
}
