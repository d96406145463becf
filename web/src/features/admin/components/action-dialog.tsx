import type { ModerationTemplateDto } from '@plates/common';
import { Eye } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_DAYS = '7';

/** What the moderator has filled in, as the preview and the submit see it. */
export interface ActionValues {
  reason: string;
  /** Whole days, or undefined for "until a moderator lifts it" (or an action without days). */
  days: number | undefined;
  /** The end the days give, counted from when the dialog opened; null for permanent. */
  until: Date | null;
}

/** One message the action sends, shown as it will read. */
export interface PreviewMessage {
  to: string;
  text: string;
}

export type FieldErrors = Partial<Record<'reason' | 'days', string>>;

interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (Radix returns it to the trigger unless this prevents that). */
  onCloseAutoFocus?: (event: Event) => void;
  title: string;
  description: ReactNode;
  /** Restrict and suspend: a number of days, or until lifted. */
  withDays: boolean;
  /** Reason templates to start from. */
  templates: readonly ModerationTemplateDto[];
  /** The reason is optional (an appeal's answer). */
  reasonOptional?: boolean;
  reasonHint?: string;
  /** The longest reason the server takes (1000 unless said). */
  reasonMax?: number;
  /** The messages the action sends, worded from the current values. */
  preview?: (values: ActionValues) => PreviewMessage[];
  /** Extra fields (a badge colour), above the reason. */
  children?: ReactNode;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  serverError: string | null;
  /** Checks the values with the server's schema: field errors, or nothing when they pass. */
  validate: (values: ActionValues) => FieldErrors | null;
  onSubmit: (values: ActionValues) => void;
}

/**
 * The dialog every moderation action goes through: a reason (typed, or started from a template),
 * days where the action lasts, a live preview of the words each person will receive, and the
 * server's answer when it refuses.
 */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={props.onCloseAutoFocus}>
        {props.open ? <ActionForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  onOpenChange,
  title,
  description,
  withDays,
  templates,
  reasonOptional = false,
  reasonHint,
  reasonMax = 1000,
  preview,
  children,
  submitLabel,
  destructive = false,
  pending,
  serverError,
  validate,
  onSubmit,
}: ActionDialogProps) {
  const id = useId();
  // The moment the dialog opened: "7 days" previews the same end while the moderator types.
  const [openedAt] = useState(() => new Date());
  const [reason, setReason] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [daysText, setDaysText] = useState(DEFAULT_DAYS);
  const [permanent, setPermanent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const daysNumber = Number(daysText);
  const days = withDays && !permanent && daysText.trim() !== '' ? daysNumber : undefined;
  const until = days !== undefined && Number.isFinite(days) && days > 0 ? new Date(openedAt.getTime() + days * DAY_MS) : null;
  const values: ActionValues = { reason, days, until };
  const messages = preview?.(values) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found ?? {});
    if (!found) onSubmit(values);
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={title}>
        <FormError>{serverError}</FormError>
        {children}
        {templates.length > 0 ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-template`}>Start from a template</Label>
            <Select
              id={`${id}-template`}
              value={templateId}
              onChange={(event) => {
                setTemplateId(event.target.value);
                const chosen = templates.find((t) => String(t.id) === event.target.value);
                if (chosen) {
                  setReason(chosen.body);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }
              }}
            >
              <option value="">Write your own</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>{reasonOptional ? 'Reason (optional)' : 'Reason'}</Label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={reasonMax}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={[reasonHint ? `${id}-reason-hint` : '', errors.reason ? `${id}-reason-error` : ''].join(' ').trim() || undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
          />
          {reasonHint ? (
            <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
              {reasonHint}
            </p>
          ) : null}
          <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>
        </div>
        {withDays ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">How long</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <div className="flex items-center gap-2">
                <Input
                  id={`${id}-days`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={3650}
                  className="w-24"
                  value={daysText}
                  disabled={permanent}
                  aria-invalid={errors.days ? true : undefined}
                  aria-describedby={errors.days ? `${id}-days-error` : undefined}
                  onChange={(event) => {
                    setDaysText(event.target.value);
                    setErrors((e) => ({ ...e, days: undefined }));
                  }}
                />
                <Label htmlFor={`${id}-days`}>days</Label>
              </div>
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={permanent}
                  onChange={(event) => {
                    setPermanent(event.target.checked);
                    setErrors((e) => ({ ...e, days: undefined }));
                  }}
                />
                Until a moderator lifts it
              </label>
            </div>
            <FieldError id={`${id}-days-error`}>{errors.days}</FieldError>
          </fieldset>
        ) : null}
        {messages.length > 0 ? (
          <section aria-labelledby={`${id}-preview`} className="grid gap-3 rounded-xl border border-dashed bg-muted/50 p-3">
            <h3 id={`${id}-preview`} className="flex items-center gap-2 text-sm font-semibold">
              <Eye className="size-4 text-primary" aria-hidden="true" />
              Preview
            </h3>
            {messages.map((message) => (
              <figure key={message.to} className="grid gap-1">
                <figcaption className="text-xs font-medium text-muted-foreground">{message.to}</figcaption>
                <blockquote className="whitespace-pre-line break-words rounded-lg bg-card px-3 py-2 text-sm shadow-xs">
                  {message.text}
                </blockquote>
              </figure>
            ))}
          </section>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
            {pending ? 'Saving...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

/** The first message of each field in a zod result, for the dialog. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'reason' || field === 'days') && !errors[field]) errors[field] = issue.message;
  }
  return Object.keys(errors).length ? errors : { reason: issues[0]?.message ?? 'Check the form' };
}
