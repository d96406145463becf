import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  EMAIL_TEMPLATE_NAMES,
  EmailTemplateDraft,
  type EmailPreviewResponse,
  type EmailTemplateDto,
  type EmailTemplateName,
  type EmailTemplateSummaryDto,
  type EmailTestResponse,
} from '@plates/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCcw, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { useSettled } from '../../../lib/use-settled';
import { cn } from '../../../lib/utils';
import {
  emailTemplateKeys,
  fetchEmailTemplate,
  fetchEmailTemplates,
  previewEmailTemplate,
  revertEmailTemplate,
  saveEmailTemplate,
  sendTestEmail,
} from '../api/email-templates-api';
import { LoadError } from '../components/page-states';
import { ListSkeleton, PageHeading } from '../components/query-states';

type Draft = EmailTemplateDraft;
type Field = keyof Draft;
const FIELDS: readonly Field[] = ['subject', 'html', 'text'];
/** The preview follows the draft this long after the last keystroke. */
const PREVIEW_DELAY_MS = 400;

/**
 * /admin/email-templates (manage_email_templates): the five mails Plates sends, each edited as a
 * subject, an HTML and a text version with its declared variables, a live preview with sample
 * values, a test mail to yourself, and a revert to the default wording.
 */
export default function EmailTemplatesPage() {
  const [params, setParams] = useSearchParams();
  const selected: EmailTemplateName = EMAIL_TEMPLATE_NAMES.find((n) => n === params.get('template')) ?? 'verify_email';
  const list = useQuery({ queryKey: emailTemplateKeys.all, queryFn: fetchEmailTemplates, staleTime: 0 });

  return (
    <div className="grid gap-4">
      <PageHeading icon={Mail} title="Email Templates">
        The mails Plates sends: edit their wording, preview them with sample values, send yourself a test, or go back to the default.
      </PageHeading>
      {list.isPending ? (
        <ListSkeleton label="Loading templates" rows={3} />
      ) : list.isError ? (
        <LoadError what="email templates" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.templates.length === 0 ? (
        <p className="rounded-2xl border bg-card p-6 text-center text-sm text-muted-foreground">No email templates are defined.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <TemplateList
            templates={list.data.templates}
            selected={selected}
            onSelect={(name) => setParams({ template: name }, { replace: true })}
          />
          <TemplateEditorLoader name={selected} />
        </div>
      )}
    </div>
  );
}

function TemplateList({
  templates,
  selected,
  onSelect,
}: {
  templates: EmailTemplateSummaryDto[];
  selected: EmailTemplateName;
  onSelect: (name: EmailTemplateName) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  // On a phone the row scrolls: bring the chosen template into view.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return (
    <nav ref={ref} aria-label="Templates" className="min-w-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 lg:grid lg:gap-1">
        {templates.map((t) => (
          <li key={t.name} className="shrink-0">
            <button
              type="button"
              aria-current={t.name === selected ? 'true' : undefined}
              onClick={() => onSelect(t.name)}
              className={cn(
                'flex w-full items-center justify-between gap-2 rounded-xl border px-3 py-2 text-left text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                t.name === selected ? 'border-primary bg-primary/10 text-foreground' : 'bg-card hover:bg-accent',
              )}
            >
              <span className="whitespace-nowrap">{t.label}</span>
              {t.customised ? <Badge variant="secondary">Edited</Badge> : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TemplateEditorLoader({ name }: { name: EmailTemplateName }) {
  const template = useQuery({ queryKey: emailTemplateKeys.one(name), queryFn: () => fetchEmailTemplate(name), staleTime: 0 });
  if (template.isPending) return <ListSkeleton label="Loading template" rows={3} />;
  if (template.isError) return <LoadError what="the template" error={template.error} onRetry={() => void template.refetch()} />;
  // A new version (saved or reverted) starts the form again from what is stored.
  return <TemplateEditor key={`${name}@${template.data.version}`} template={template.data} />;
}

function TemplateEditor({ template }: { template: EmailTemplateDto }) {
  const queryClient = useQueryClient();
  const { name } = template;
  const form = useForm<Draft>({
    resolver: zodResolver(EmailTemplateDraft),
    defaultValues: { subject: template.subject, html: template.html, text: template.text },
  });
  const { errors, isDirty } = form.formState;
  const [subject, html, text] = useWatch({ control: form.control, name: ['subject', 'html', 'text'] });
  const draft = useSettled<Draft>({ subject, html, text }, PREVIEW_DELAY_MS);
  const previewable = draft.subject.trim() !== '' && draft.html.trim() !== '' && draft.text.trim() !== '';
  const preview = useQuery<EmailPreviewResponse, ApiError>({
    queryKey: emailTemplateKeys.preview(name, draft),
    queryFn: () => previewEmailTemplate(name, draft),
    enabled: previewable,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const issueOf = (field: Field) => preview.data?.issues.find((i) => i.field === field)?.message;
  const errorOf = (field: Field) => errors[field]?.message ?? issueOf(field);

  const [reverting, setReverting] = useState(false);
  const lastField = useRef<{ field: Field; element: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  /** Where a variable goes: the field focused last (each control is named after its field). */
  const remember = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = FIELDS.find((f) => f === event.currentTarget.name);
    if (field) lastField.current = { field, element: event.currentTarget };
  };

  const stored = (saved: EmailTemplateDto) => {
    queryClient.setQueryData(emailTemplateKeys.one(name), saved);
    void queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all, exact: true });
  };
  const serverError = (error: ApiError, fallback: string) => {
    const field = FIELDS.find((f) => f === error.field);
    form.setError(field ?? 'root.server', { message: isApiError(error) ? error.message : fallback });
  };
  const save = useMutation<EmailTemplateDto, ApiError, Draft>({
    mutationFn: (values) => saveEmailTemplate(name, { ...values, baseVersion: template.version }),
    onSuccess: (saved) => {
      toast({ variant: 'success', title: 'Template saved', description: `${template.label}: mails sent from now on use this version.` });
      stored(saved);
    },
    onError: (error) => serverError(error, 'Saving failed. Please try again.'),
  });
  const test = useMutation<EmailTestResponse, ApiError, Draft>({
    mutationFn: (values) => sendTestEmail(name, values),
    onSuccess: (sent) => toast({ variant: 'success', title: 'Test mail sent', description: `Sent to ${sent.to}.` }),
    onError: (error) => serverError(error, 'The test mail could not be sent.'),
  });
  const revert = useMutation<EmailTemplateDto, ApiError>({
    mutationFn: () => revertEmailTemplate(name),
    onSuccess: (saved) => {
      toast({ variant: 'success', title: 'Template reverted', description: `${template.label} uses the default wording again.` });
      stored(saved);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not revert: ${error.message}` }),
  });

  /** Puts `{{name}}` where the caret was in the field last used (the HTML version at first). */
  function insert(variable: string) {
    const target = lastField.current ?? { field: 'html' as const, element: null };
    const current = form.getValues(target.field);
    const start = target.element?.selectionStart ?? current.length;
    const end = target.element?.selectionEnd ?? start;
    const token = `{{${variable}}}`;
    form.setValue(target.field, current.slice(0, start) + token + current.slice(end), { shouldDirty: true, shouldValidate: false });
    const element = target.element;
    if (element) {
      requestAnimationFrame(() => {
        element.focus();
        element.setSelectionRange(start + token.length, start + token.length);
      });
    }
  }

  const stale = isApiError(save.error) && save.error.code === 'CONFLICT';
  const busy = save.isPending || test.isPending || revert.isPending;

  return (
    <section aria-labelledby="template-title" className="grid min-w-0 gap-4 rounded-2xl border bg-card p-4">
      <div className="grid gap-1">
        <h2 id="template-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {template.label}
          {template.customised ? <Badge variant="secondary">Edited</Badge> : <Badge variant="outline">Default</Badge>}
        </h2>
        <p className="text-sm text-muted-foreground">{template.description}</p>
        {template.updatedAt ? (
          <p className="text-xs text-muted-foreground">
            Last changed {formatFullDate(template.updatedAt)}
            {template.updatedBy ? ` by @${template.updatedBy.username}` : ''}.
          </p>
        ) : null}
      </div>

      <section aria-labelledby="variables-title" className="grid gap-2">
        <h3 id="variables-title" className="text-sm font-medium">
          Variables <span className="font-normal text-muted-foreground">(select one to insert it at the cursor)</span>
        </h3>
        <ul className="flex flex-wrap gap-2">
          {template.variables.map((v) => (
            <li key={v.name}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="font-mono"
                title={`${v.description}. Sample: ${v.sample}`}
                aria-label={`Insert {{${v.name}}}: ${v.description}${v.required ? ' (required)' : ''}`}
                onClick={() => insert(v.name)}
              >
                {`{{${v.name}}}`}
                {v.required ? <span aria-hidden="true">*</span> : null}
              </Button>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">* required in both the HTML and the text version. Values are escaped in the HTML.</p>
      </section>

      <form
        noValidate
        aria-label={`Edit ${template.label}`}
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <FormError>{errors.root?.server?.message}</FormError>
        {stale ? (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => void queryClient.invalidateQueries({ queryKey: emailTemplateKeys.one(name) })}>
              Reload the saved version
            </Button>
          </div>
        ) : null}
        <FormField label="Subject" error={errorOf('subject')}>
          <Input maxLength={EMAIL_SUBJECT_MAX} {...form.register('subject')} onFocus={remember} />
        </FormField>
        <div className="grid gap-4 2xl:grid-cols-2">
          <div className="grid content-start gap-4">
            <FormField label="HTML version" error={errorOf('html')}>
              <Textarea rows={14} maxLength={EMAIL_BODY_MAX} spellCheck={false} className="font-mono text-xs" {...form.register('html')} onFocus={remember} />
            </FormField>
            <FormField label="Text version" error={errorOf('text')}>
              <Textarea rows={8} maxLength={EMAIL_BODY_MAX} className="font-mono text-xs" {...form.register('text')} onFocus={remember} />
            </FormField>
          </div>
          <Preview preview={preview.data} loading={preview.isFetching} error={preview.error} label={template.label} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" disabled={busy || !isDirty}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={form.handleSubmit((values) => test.mutate(values))}>
            <Send aria-hidden="true" />
            {test.isPending ? 'Sending...' : 'Send test to me'}
          </Button>
          <Button type="button" variant="outline" disabled={busy || !template.customised} onClick={() => setReverting(true)}>
            <RotateCcw aria-hidden="true" />
            Revert to default
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={reverting}
        onOpenChange={setReverting}
        title={`Revert "${template.label}" to the default?`}
        description="Mails sent from now on use the default wording. The edited version stays in the audit log."
        confirmLabel="Revert"
        destructive
        onConfirm={() => {
          setReverting(false);
          revert.mutate();
        }}
      />
    </section>
  );
}

function Preview({ preview, loading, error, label }: { preview: EmailPreviewResponse | undefined; loading: boolean; error: ApiError | null; label: string }) {
  return (
    <section aria-labelledby="preview-title" aria-busy={loading} className="grid min-w-0 content-start gap-2">
      <h3 id="preview-title" className="text-sm font-medium">
        Preview with sample values
      </h3>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The preview could not be made: {error.message}
        </p>
      ) : null}
      {preview ? (
        <>
          <p className="rounded-lg border bg-background px-3 py-2 text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          {/* sandbox="": no scripts, no same-origin access, no forms or navigation from the mail. */}
          <iframe title={`HTML preview of ${label}`} sandbox="" srcDoc={preview.html} className="h-96 w-full rounded-lg border bg-white" />
          <pre aria-label={`Text preview of ${label}`} className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg border bg-background p-3 font-mono text-xs">
            {preview.text}
          </pre>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Fill in the subject and both versions to see the preview.</p>
      )}
    </section>
  );
}
