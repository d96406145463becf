import type { ContentFilterDto, ContentFiltersResponse } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { bodyOf, contentFilterKeys, deleteContentFilter, fetchContentFilters, saveContentFilter } from '../api/content-filters-api';
import { ContentFilterDialog, SCOPE_LABELS } from './content-filter-form';
import { ActionBadge, SeverityBadge } from './filter-badges';
import { FilterTryIt } from './filter-try-it';

/** /admin/content?tab=filters : the content filters (manage_filters), with a box to try them on a text. */
export function ContentFiltersTab() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ContentFilterDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentFilterDto | null>(null);
  const filters = useQuery({ queryKey: contentFilterKeys.all, queryFn: fetchContentFilters, staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contentFilterKeys.all });

  const toggle = useMutation<ContentFilterDto, ApiError, { filter: ContentFilterDto; isActive: boolean }, ContentFiltersResponse | undefined>({
    mutationFn: ({ filter, isActive }) => saveContentFilter(filter.id, { ...bodyOf(filter), isActive }),
    onMutate: async ({ filter, isActive }) => {
      await queryClient.cancelQueries({ queryKey: contentFilterKeys.all });
      const before = queryClient.getQueryData<ContentFiltersResponse>(contentFilterKeys.all);
      queryClient.setQueryData<ContentFiltersResponse>(contentFilterKeys.all, (data) =>
        data ? { filters: data.filters.map((f) => (f.id === filter.id ? { ...f, isActive } : f)) } : data,
      );
      return before;
    },
    onError: (error, { filter }, before) => {
      queryClient.setQueryData(contentFilterKeys.all, before);
      toast({ variant: 'destructive', title: 'Error', description: `Could not change “${filter.name}”: ${error.message}` });
    },
    onSettled: refresh,
  });

  const remove = useMutation<void, ApiError, ContentFilterDto>({
    mutationFn: (filter) => deleteContentFilter(filter.id),
    onSuccess: (_answer, filter) => {
      toast({ title: 'Filter deleted', description: `“${filter.name}” no longer applies.` });
      refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not delete the filter: ${error.message}` }),
  });

  const list = filters.data?.filters;

  return (
    <>
      <p className="text-sm text-muted-foreground">
        Words and patterns checked as members write titles, descriptions, comments, replies, bios, names and chat messages.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list ? `${list.length} ${list.length === 1 ? 'filter' : 'filters'}, ${list.filter((f) => f.isActive).length} active.` : null}
        </p>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add filter
        </Button>
      </div>

      {filters.isPending ? (
        <PageSpinner label="Loading content filters" />
      ) : filters.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-medium">Error loading content filters: {filters.error.message}</p>
          <Button variant="outline" onClick={() => void filters.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list!.length === 0 ? (
        <p className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center font-medium">
          No content filters yet. Add one to flag, hold or block words as members write.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Content filters">
          {list!.map((filter) => (
            <li key={filter.id} className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="grid min-w-0 gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">{filter.name}</h2>
                  <Badge variant="outline">{filter.filterType === 'word' ? 'Words' : 'Pattern'}</Badge>
                  <ActionBadge action={filter.action} />
                  <SeverityBadge severity={filter.severity} />
                  {filter.isActive ? null : <Badge variant="secondary">Inactive</Badge>}
                </div>
                <code className="block break-all rounded-lg bg-muted/60 px-2 py-1 font-mono text-sm">{filter.pattern}</code>
                <p className="text-sm text-muted-foreground">
                  Applies to: {filter.appliesTo === 'all' ? 'everywhere' : filter.appliesTo.map((scope) => SCOPE_LABELS[scope]).join(', ')}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1 sm:justify-end">
                <label className="flex items-center gap-1 text-sm">
                  <Switch
                    checked={filter.isActive}
                    aria-label={`${filter.name} active`}
                    disabled={toggle.isPending && toggle.variables.filter.id === filter.id}
                    onCheckedChange={(isActive) => toggle.mutate({ filter, isActive })}
                  />
                  <span aria-hidden="true">{filter.isActive ? 'On' : 'Off'}</span>
                </label>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Edit ${filter.name}`} onClick={() => setEditing(filter)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-11 text-destructive" aria-label={`Delete ${filter.name}`} onClick={() => setDeleting(filter)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <FilterTryIt />

      <ContentFilterDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          toast({ variant: 'success', title: created ? 'Filter added' : 'Filter saved', description: `“${saved.name}” applies at once.` });
          setEditing(null);
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this filter?"
        description={deleting ? `“${deleting.name}” will stop applying at once. Hits it recorded stay in the security log.` : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}
