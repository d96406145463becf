import type { EmailBody } from '@plates/common';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useLazyResolver } from '../../../lib/lazy-resolver';

interface EmailRequestFormProps {
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: EmailBody) => void;
  onCancel?: () => void;
  label?: string;
  autoFocus?: boolean;
}

/** One email field, validated with the common schema ("Please enter a valid email address"). */

const loadResolver = () => import('../lib/form-resolvers').then((m) => m.emailResolver);
export function EmailRequestForm({
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  label = 'Email address',
  autoFocus = false,
}: EmailRequestFormProps) {
  const form = useForm<EmailBody>({ resolver: useLazyResolver(loadResolver), defaultValues: { email: '' } });
  return (
    <form noValidate className="grid gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField label={label} error={form.formState.errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          autoFocus={autoFocus}
          {...form.register('email')}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} className="flex-1">
          {pending ? <Spinner className="size-4 text-current" label="Sending" /> : null}
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
