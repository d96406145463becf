import { zodResolver } from '@hookform/resolvers/zod';
import {
  VERIFICATION_LINKS_MAX,
  VERIFICATION_REASON_MAX,
  VERIFIED_TYPE_LABELS,
  VerificationLink,
  VerificationRequestBody,
  type MyVerificationResponse,
} from '@plates/common';
import { BadgeCheck, Clock, Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { formatFullDate, formatShortDate } from '../../../lib/format-time';
import { useMyVerification, useRequestVerification } from '../hooks/use-verification';

/** The form's own shape: a reason and one box per link, empty boxes left out when sent. */
const FormSchema = z.object({
  reason: VerificationRequestBody.shape.reason,
  links: z.array(z.union([z.literal(''), VerificationLink])).max(VERIFICATION_LINKS_MAX),
});
type Values = z.input<typeof FormSchema>;

const note = 'flex items-start gap-3 rounded-xl bg-muted/60 px-4 py-4 text-sm';
const dateOf = (iso: string) => formatShortDate(new Date(iso));

/** Settings, "Verification": the member's badge, their request's state, or the form to ask for one. */
export function VerificationSection() {
  const query = useMyVerification();
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" label="" />
        Loading verification
      </p>
    );
  }
  if (query.isError) {
    return <ErrorPanel variant="inline" message={`Could not load your verification: ${query.error.message}`} onRetry={() => void query.refetch()} />;
  }
  return <VerificationState state={query.data} />;
}

function VerificationState({ state }: { state: MyVerificationResponse }) {
  const { verifiedType, request } = state;
  if (verifiedType) {
    return (
      <p className={note}>
        <VerifiedBadge person={{ isVerified: true, verifiedType }} decorative className="size-5" />
        <span>
          <strong>Verified ({VERIFIED_TYPE_LABELS[verifiedType]})</strong>. Your name shows the badge everywhere.
        </span>
      </p>
    );
  }
  if (request?.status === 'pending') {
    return (
      <div className={note}>
        <Clock className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <p>
            <strong>Request pending</strong>: sent <time dateTime={request.createdAt} title={formatFullDate(request.createdAt)}>{dateOf(request.createdAt)}</time>. A
            moderator will look at it; you will get a notification with the answer.
          </p>
          <p className="whitespace-pre-line break-words text-muted-foreground">{request.reason}</p>
        </div>
      </div>
    );
  }
  const declined =
    request?.status === 'declined' ? (
      <div className={note}>
        <BadgeCheck className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <p>
            <strong>Request declined</strong>
            {request.decidedAt ? ` on ${dateOf(request.decidedAt)}` : ''}
            {request.decisionReason ? ':' : '.'}
          </p>
          {request.decisionReason ? <p className="whitespace-pre-line break-words">{request.decisionReason}</p> : null}
          {state.canRequestAt ? <p className="text-muted-foreground">You can ask again from {dateOf(state.canRequestAt)}.</p> : null}
        </div>
      </div>
    ) : null;
  return (
    <div className="grid gap-4">
      {declined}
      {state.canRequest ? <RequestForm /> : null}
    </div>
  );
}

function RequestForm() {
  const form = useForm<Values>({
    resolver: zodResolver(FormSchema),
    defaultValues: { reason: '', links: Array.from({ length: VERIFICATION_LINKS_MAX }, () => '') },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const send = useRequestVerification({
    onFailed: (error) => {
      if (error.field === 'reason') form.setError('reason', { message: error.message });
    },
  });
  const reasonLength = (useWatch({ control: form.control, name: 'reason' }) ?? '').length;
  const onSubmit = form.handleSubmit((values) => {
    send.mutate({ reason: values.reason.trim(), links: values.links.map((l) => l.trim()).filter(Boolean) });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Request verification">
      <FormError>{send.error && send.error.field !== 'reason' ? send.error.message : null}</FormError>
      <FormField label="Why should your account be verified?" error={errors.reason?.message} hint={`${reasonLength}/${VERIFICATION_REASON_MAX}`}>
        <Textarea rows={4} maxLength={VERIFICATION_REASON_MAX} {...form.register('reason')} />
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Links (optional): your restaurant, press, social profiles</legend>
        {Array.from({ length: VERIFICATION_LINKS_MAX }, (_, i) => (
          <FormField key={i} label={`Link ${i + 1}`} error={errors.links?.[i]?.message}>
            <Input type="url" inputMode="url" placeholder="https://" autoComplete="url" {...form.register(`links.${i}`)} />
          </FormField>
        ))}
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Request verification'}
      </Button>
    </form>
  );
}
