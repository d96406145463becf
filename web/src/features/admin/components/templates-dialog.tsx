import { ModerationTemplateBody, type ModerationTemplateDto } from '@plates/common';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from '../hooks/use-moderation';

const KINDS = { report: 'Report outcome', rejection: 'Plate rejection' } as const;
type Kind = keyof typeof KINDS;

/** Reason templates: list, add, edit and delete (moderators start a reason from one). */
export function TemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Reason templates</DialogTitle>
          <DialogDescription>Ready-made reasons for report outcomes and plate rejections. Moderators can edit the text before sending.</DialogDescription>
        </DialogHeader>
        {open ? <Templates /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Templates() {
  const templates = useTemplates();
  // null: adding a new one; a template: editing it
  const [editing, setEditing] = useState<ModerationTemplateDto | null>(null);
  const [deleting, setDeleting] = useState<ModerationTemplateDto | null>(null);
  const remove = useDeleteTemplate();
  return (
    <div className="grid gap-5">
      {templates.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading templates" />
        </div>
      ) : templates.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Error loading templates: {templates.error.message}
        </p>
      ) : templates.data.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No templates yet. Add the first one below.</p>
      ) : (
        <ul aria-label="Templates" className="grid max-h-72 gap-2 overflow-y-auto pr-1">
          {templates.data.map((template) => (
            <li key={template.id} className="flex items-start gap-3 rounded-xl border p-3">
              <FileText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                  {template.title}
                  <Badge variant="outline">{KINDS[template.kind]}</Badge>
                </p>
                <p className="line-clamp-2 text-sm text-muted-foreground">{template.body}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${template.title}`} onClick={() => setEditing(template)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${template.title}`} onClick={() => setDeleting(template)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TemplateForm key={editing?.id ?? 'new'} template={editing} onDone={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete this template?"
        description={deleting ? `“${deleting.title}” will no longer be offered. Reasons already sent keep their words.` : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

function TemplateForm({ template, onDone }: { template: ModerationTemplateDto | null; onDone: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>(template?.kind ?? 'report');
  const [title, setTitle] = useState(template?.title ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'body', string>>>({});
  const save = useSaveTemplate({
    onSaved: () => {
      setTitle('');
      setBody('');
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ModerationTemplateBody.safeParse({ kind, title, body });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'body') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ id: template?.id ?? null, body: parsed.data });
  };
  const heading = template ? `Edit “${template.title}”` : 'Add a template';
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-xl border bg-muted/40 p-3 sm:p-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {heading}
      </h3>
      <FormError>{save.error?.message}</FormError>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <FormField label="Used for">
          <Select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {Object.entries(KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Title" error={errors.title}>
          <Input maxLength={80} value={title} onChange={(e) => setTitle(e.target.value)} />
        </FormField>
      </div>
      <FormField label="Text" error={errors.body}>
        <Textarea rows={3} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {template ? (
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {template ? null : <Plus aria-hidden="true" />}
          {save.isPending ? 'Saving...' : template ? 'Save template' : 'Add template'}
        </Button>
      </div>
    </form>
  );
}
