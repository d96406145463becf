import {
  ContentFilterBody,
  FILTER_SCOPES,
  type ContentFilterDto,
  type FilterAction,
  type FilterScope,
  type FilterSeverity,
  type FilterType,
} from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FieldError, FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import type { ApiError } from '../../../lib/api';
import { bodyOf, saveContentFilter } from '../api/content-filters-api';
import { EditorDialog, type EditorDialogProps } from './editor-dialog';

export const SCOPE_LABELS: Record<FilterScope, string> = {
  titles: 'Plate titles',
  descriptions: 'Plate descriptions',
  comments: 'Comments',
  replies: 'Replies',
  bios: 'Bios',
  display_names: 'Display names',
  chat: 'Chat messages',
};

export const ACTION_LABELS: Record<FilterAction, string> = {
  flag: 'Flag for moderators',
  hold: 'Hold for review',
  block: 'Block',
};

type Values = {
  name: string;
  filterType: FilterType;
  pattern: string;
  action: FilterAction;
  severity: FilterSeverity;
  everywhere: boolean;
  scopes: FilterScope[];
  isActive: boolean;
};
type Field = 'name' | 'pattern' | 'appliesTo' | 'filterType' | 'action' | 'severity';
const FIELDS: readonly string[] = ['name', 'pattern', 'appliesTo', 'filterType', 'action', 'severity'];

const EMPTY: Values = {
  name: '',
  filterType: 'word',
  pattern: '',
  action: 'flag',
  severity: 'medium',
  everywhere: true,
  scopes: [],
  isActive: true,
};

function valuesOf(filter: ContentFilterDto | null): Values {
  if (!filter) return EMPTY;
  const body = bodyOf(filter);
  return {
    name: body.name,
    filterType: body.filterType,
    pattern: body.pattern,
    action: body.action ?? 'flag',
    severity: body.severity ?? 'medium',
    everywhere: body.appliesTo === 'all',
    scopes: body.appliesTo === 'all' || !body.appliesTo ? [] : [...body.appliesTo],
    isActive: body.isActive ?? true,
  };
}

/**
 * Adds or edits a filter. Checked with the same schema as the server; the server's refusals (a
 * pattern that is invalid or could take long to match) are shown on their field.
 */
export function ContentFilterDialog({ editing, onClose, onSaved }: EditorDialogProps<ContentFilterDto>) {
  return (
    <EditorDialog
      editing={editing}
      onClose={onClose}
      titles={{ add: 'Add filter', edit: 'Edit filter' }}
      description="Words or a pattern checked whenever members write where it applies."
      form={(filter) => <FilterForm filter={filter} onCancel={onClose} onSaved={onSaved} />}
    />
  );
}

function FilterForm({
  filter,
  onCancel,
  onSaved,
}: {
  filter: ContentFilterDto | null;
  onCancel: () => void;
  onSaved: (filter: ContentFilterDto, created: boolean) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(filter));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'everywhere' || key === 'scopes' ? 'appliesTo' : key]: undefined }));
  };

  const save = useMutation<ContentFilterDto, ApiError, ContentFilterBody>({
    mutationFn: (body) => saveContentFilter(filter?.id ?? null, body),
    onSuccess: (saved) => onSaved(saved, filter === null),
    onError: (error) => {
      if (error.field && FIELDS.includes(error.field)) setErrors({ [error.field as Field]: error.message });
      else setFormError(error.message);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = {
      name: values.name,
      filterType: values.filterType,
      pattern: values.pattern,
      action: values.action,
      severity: values.severity,
      appliesTo: values.everywhere ? ('all' as const) : values.scopes,
      isActive: values.isActive,
    };
    const parsed = ContentFilterBody.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        if (FIELDS.includes(field) && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(parsed.data);
  };

  const describe = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {});
  const isPattern = values.filterType === 'pattern';

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={filter ? 'Edit filter' : 'Add filter'}>
      <FormError>{formError}</FormError>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={values.name} maxLength={80} onChange={(e) => set('name', e.target.value)} {...describe('name')} />
        <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select id={`${id}-type`} value={values.filterType} onChange={(e) => set('filterType', e.target.value as FilterType)}>
            <option value="word">Words</option>
            <option value="pattern">Pattern</option>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <Select id={`${id}-action`} value={values.action} onChange={(e) => set('action', e.target.value as FilterAction)}>
            {(['flag', 'hold', 'block'] as const).map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-severity`}>Severity</Label>
          <Select id={`${id}-severity`} value={values.severity} onChange={(e) => set('severity', e.target.value as FilterSeverity)}>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </Select>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-pattern`}>{isPattern ? 'Pattern' : 'Words'}</Label>
        <Textarea
          id={`${id}-pattern`}
          rows={isPattern ? 2 : 3}
          value={values.pattern}
          spellCheck={false}
          className="font-mono text-sm"
          onChange={(e) => set('pattern', e.target.value)}
          aria-invalid={errors.pattern ? true : undefined}
          aria-describedby={errors.pattern ? `${id}-pattern-error` : `${id}-pattern-hint`}
        />
        {errors.pattern ? null : (
          <p id={`${id}-pattern-hint`} className="text-xs text-muted-foreground">
            {isPattern
              ? 'A regular expression, matched ignoring case (at most 200 characters). Patterns that could take long to match are refused.'
              : 'Whole words or phrases, separated by commas. Case, accents and hidden characters are ignored.'}
          </p>
        )}
        <FieldError id={`${id}-pattern-error`}>{errors.pattern}</FieldError>
      </div>

      <fieldset className="grid gap-2" aria-describedby={errors.appliesTo ? `${id}-appliesTo-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Applies to</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" className="size-5 accent-primary" checked={values.everywhere} onChange={(e) => set('everywhere', e.target.checked)} />
          Everywhere members write
        </label>
        {values.everywhere ? null : (
          <div className="grid gap-x-4 sm:grid-cols-2">
            {FILTER_SCOPES.map((scope) => (
              <label key={scope} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={values.scopes.includes(scope)}
                  onChange={(e) => set('scopes', e.target.checked ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope))}
                />
                {SCOPE_LABELS[scope]}
              </label>
            ))}
          </div>
        )}
        <FieldError id={`${id}-appliesTo-error`}>{errors.appliesTo}</FieldError>
      </fieldset>

      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-active`}>Active</Label>
        <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(on) => set('isActive', on)} />
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : filter ? 'Save changes' : 'Add filter'}
        </Button>
      </DialogFooter>
    </form>
  );
}
