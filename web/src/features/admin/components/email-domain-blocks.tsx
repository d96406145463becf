import { zodResolver } from '@hookform/resolvers/zod';
import { EmailDomainBlockBody, type EmailDomainBlockDto } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { createEmailDomainBlock, fetchEmailDomainBlocks, removeEmailDomainBlock, securityKeys } from '../api/security-api';
import { LoadError } from './page-states';

type FormInput = z.input<typeof EmailDomainBlockBody>;
type FormOutput = z.output<typeof EmailDomainBlockBody>;

/** Email domains refused at sign-up (their subdomains too): the form and the list. */
export function EmailDomainBlocks() {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<EmailDomainBlockDto | null>(null);
  const domains = useQuery({ queryKey: securityKeys.emailDomains, queryFn: fetchEmailDomainBlocks, staleTime: 0 });
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(EmailDomainBlockBody),
    defaultValues: { domain: '', reason: '' },
  });
  const { errors } = form.formState;
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.emailDomains });

  const add = useMutation<EmailDomainBlockDto, ApiError, FormOutput>({
    mutationFn: createEmailDomainBlock,
    onSuccess: (block) => {
      toast({ variant: 'success', title: 'Domain blocked', description: `Sign-ups at ${block.domain} are refused.` });
      form.reset();
      void refresh();
    },
    onError: (error) => {
      if (error.field === 'domain' || error.field === 'reason') form.setError(error.field, { message: error.message });
      else form.setError('root.server', { message: error.message });
    },
  });
  const remove = useMutation<unknown, ApiError, EmailDomainBlockDto>({
    mutationFn: (block) => removeEmailDomainBlock(block.id),
    onSuccess: (_answer, block) => toast({ title: 'Domain unblocked', description: `Sign-ups at ${block.domain} are accepted again.` }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Failed to unblock the domain: ${error.message}` }),
    onSettled: () => refresh(),
  });

  return (
    <section aria-labelledby="email-domains-heading" className="grid gap-4 rounded-2xl border bg-card p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id="email-domains-heading" className="text-lg font-semibold">
          Email domains
        </h2>
        <p className="text-sm text-muted-foreground">
          Sign-ups with an email address at a blocked domain, or any of its subdomains, are refused.
        </p>
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        aria-label="Block an email domain"
      >
        <FormError>{errors.root?.server?.message}</FormError>
        <FormField label="Domain" error={errors.domain?.message}>
          <Input placeholder="example.com" autoCapitalize="none" spellCheck={false} {...form.register('domain')} />
        </FormField>
        <FormField label="Reason (optional)" error={errors.reason?.message}>
          <Input maxLength={1000} {...form.register('reason')} />
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
          {add.isPending ? 'Blocking...' : 'Block domain'}
        </Button>
      </form>
      {domains.isPending ? (
        <Spinner label="Loading blocked domains" />
      ) : domains.isError ? (
        <LoadError what="blocked domains" error={domains.error} onRetry={() => void domains.refetch()} className="py-4" />
      ) : domains.data.domains.length === 0 ? (
        <p className="text-sm text-muted-foreground">No email domains are blocked.</p>
      ) : (
        <ul className="divide-y rounded-xl border">
          {domains.data.domains.map((block) => (
            <li key={block.id} className="flex items-center gap-3 px-3 py-2">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="break-all font-mono text-sm font-semibold">{block.domain}</span>
                <span className="text-xs text-muted-foreground">
                  {block.reason ? `${block.reason} · ` : ''}
                  {block.createdBy ? (
                    <>
                      {block.createdBy.username}
                      <VerifiedBadge person={block.createdBy} className="ml-0.5 inline-block size-3.5 align-[-0.125em]" />
                      {', '}
                    </>
                  ) : null}
                  <time dateTime={block.createdAt}>{formatFullDate(block.createdAt)}</time>
                </span>
              </div>
              <Button variant="ghost" size="icon" onClick={() => setRemoving(block)} aria-label={`Unblock ${block.domain}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Unblock this domain?"
        description={removing ? `Sign-ups with addresses at ${removing.domain} will be accepted again.` : undefined}
        confirmLabel="Unblock"
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      />
    </section>
  );
}
