import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEATURED_MESSAGES,
  FEATURED_PRIORITY_MAX,
  FEATURED_PRIORITY_MIN,
  FEATURED_REASON_MAX,
  FeaturedPriority,
  FeaturedReason,
  plateIdFrom,
  type AdminFeaturedDto,
  type FeaturedPatch,
} from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { contentKeys, featurePost, fetchFeatured, patchFeatured, unfeature, type FeaturedList } from '../api/content-api';
import { isoOf, localOf } from '../lib/local-date';
import { EditorDialog } from './editor-dialog';
import { LoadError } from './page-states';
import { EmptyState, ListSkeleton } from './query-states';

const Expiry = z.string().refine((value) => !value || !Number.isNaN(Date.parse(value)), FEATURED_MESSAGES.badDate);
const Settings = z.object({ priority: FeaturedPriority, reason: FeaturedReason, expiresAt: Expiry });
const NewFeature = Settings.extend({ plate: z.string().refine((v) => plateIdFrom(v) !== null, FEATURED_MESSAGES.badPlate) });
type SettingsInput = z.input<typeof Settings>;
type NewFeatureInput = z.input<typeof NewFeature>;
type NewFeatureOutput = z.output<typeof NewFeature>;

/** Where a server error goes: the form field named by its `field` (through `fields`), else above the form. */
function errorPlace<F extends string>(error: ApiError, fields: Partial<Record<string, F>>): [F | 'root.server', { message: string }] {
  const message = isApiError(error) ? error.message : 'Saving failed. Please try again.';
  return [(error.field ? fields[error.field] : undefined) ?? 'root.server', { message }];
}

/** Priority, reason and expiry: the fields of featuring a plate and of changing a featuring. */
function SettingsFields({ form: f }: { form: UseFormReturn<SettingsInput, unknown, z.output<typeof Settings>> }) {
  const { errors } = f.formState;
  return (
    <>
      <FormField label="Priority" error={errors.priority?.message} hint={`${FEATURED_PRIORITY_MIN} to ${FEATURED_PRIORITY_MAX}; higher shows first.`}>
        <Input type="number" inputMode="numeric" min={FEATURED_PRIORITY_MIN} max={FEATURED_PRIORITY_MAX} {...f.register('priority', { valueAsNumber: true })} />
      </FormField>
      <FormField label="Expires (optional)" error={errors.expiresAt?.message} hint="Empty: until unfeatured.">
        <Input type="datetime-local" {...f.register('expiresAt')} />
      </FormField>
      <FormField label="Reason (optional)" error={errors.reason?.message} className="sm:col-span-2" hint="For the team; the cook is told their plate is featured.">
        <Input maxLength={FEATURED_REASON_MAX} {...f.register('reason')} />
      </FormField>
    </>
  );
}

/** /admin/content?tab=featured : feature a plate, and the current and past featured plates. */
export function FeaturedTab() {
  const queryClient = useQueryClient();
  const [list, setList] = useState<FeaturedList>('current');
  const [editing, setEditing] = useState<AdminFeaturedDto | null>(null);
  const [removing, setRemoving] = useState<AdminFeaturedDto | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: contentKeys.featuredAll });
    void queryClient.invalidateQueries({ queryKey: contentKeys.postLists });
  };
  const remove = useMutation<AdminFeaturedDto, ApiError, AdminFeaturedDto>({
    mutationFn: (f) => unfeature(f.id),
    onSuccess: (f) => {
      toast({ title: 'Plate unfeatured', description: `“${f.post.title}” left the Featured row.` });
      refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not unfeature the plate: ${error.message}` }),
  });

  return (
    <>
      <FeatureForm onSaved={refresh} />
      <section className="grid gap-3" aria-label="Featured plates">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Which featured plates">
          {(['current', 'past'] as const).map((value) => (
            <Button key={value} size="sm" variant={list === value ? 'default' : 'outline'} aria-pressed={list === value} onClick={() => setList(value)}>
              {value === 'current' ? 'Featured now' : 'History'}
            </Button>
          ))}
        </div>
        <FeaturedList list={list} onEdit={setEditing} onUnfeature={setRemoving} />
      </section>
      <EditorDialog<AdminFeaturedDto>
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'Change featured plate', edit: 'Change featured plate' }}
        description={editing ? `“${editing.post.title}” in the Featured row.` : ''}
        form={(current) =>
          current ? (
            <EditForm
              featured={current}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                toast({ variant: 'success', title: 'Featured plate saved' });
                setEditing(null);
                refresh();
              }}
            />
          ) : null
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Unfeature this plate?"
        description={removing ? `“${removing.post.title}” leaves the Featured row at once. It stays in the history.` : undefined}
        confirmLabel="Unfeature"
        destructive
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}

/** Feature a plate; `?plate=` (from the plate's own menu) fills the plate in. */
function FeatureForm({ onSaved }: { onSaved: () => void }) {
  const [params] = useSearchParams();
  const form = useForm<NewFeatureInput, unknown, NewFeatureOutput>({
    resolver: zodResolver(NewFeature),
    defaultValues: { plate: params.get('plate') ?? '', priority: 1, reason: '', expiresAt: '' },
  });
  const save = useMutation<AdminFeaturedDto, ApiError, NewFeatureOutput>({
    mutationFn: (v) => featurePost({ postId: plateIdFrom(v.plate)!, priority: v.priority, reason: v.reason || undefined, expiresAt: isoOf(v.expiresAt) }),
    onSuccess: (saved) => {
      toast({ variant: 'success', title: 'Plate featured', description: `“${saved.post.title}” is in the Featured row; its cook has been told.` });
      form.reset({ plate: '', priority: 1, reason: '', expiresAt: '' });
      onSaved();
    },
    onError: (error) => form.setError(...errorPlace(error, { postId: 'plate', priority: 'priority', reason: 'reason', expiresAt: 'expiresAt' } as const)),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4 rounded-2xl border bg-card p-4" aria-label="Feature a plate">
      <h2 className="flex items-center gap-2 font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        Feature a plate
      </h2>
      <FormError>{form.formState.errors.root?.server?.message}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Plate" error={form.formState.errors.plate?.message} hint="Its number, or a link to it." className="sm:col-span-2">
          <Input placeholder="https://…/posts/42" autoComplete="off" {...form.register('plate')} />
        </FormField>
        {/* the plate's form holds the settings' fields under the same names */}
        <SettingsFields form={form as unknown as UseFormReturn<SettingsInput, unknown, z.output<typeof Settings>>} />
      </div>
      <Button type="submit" className="w-full sm:w-fit" disabled={save.isPending}>
        {save.isPending ? 'Featuring...' : 'Feature plate'}
      </Button>
    </form>
  );
}

function EditForm({ featured, onCancel, onSaved }: { featured: AdminFeaturedDto; onCancel: () => void; onSaved: () => void }) {
  const form = useForm<SettingsInput, unknown, z.output<typeof Settings>>({
    resolver: zodResolver(Settings),
    defaultValues: { priority: featured.priority, reason: featured.reason ?? '', expiresAt: localOf(featured.expiresAt) },
  });
  const save = useMutation<AdminFeaturedDto, ApiError, FeaturedPatch>({
    mutationFn: (patch) => patchFeatured(featured.id, patch),
    onSuccess: onSaved,
    onError: (error) => form.setError(...errorPlace(error, { priority: 'priority', reason: 'reason', expiresAt: 'expiresAt' } as const)),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate({ priority: v.priority, reason: v.reason, expiresAt: isoOf(v.expiresAt) }))}
      className="grid gap-4"
      aria-label="Change featured plate"
    >
      <FormError>{form.formState.errors.root?.server?.message}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingsFields form={form} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

const STATUS_LABELS = { active: 'Featured', expired: 'Expired', unfeatured: 'Unfeatured' } as const;

function FeaturedList({ list, onEdit, onUnfeature }: { list: FeaturedList; onEdit: (f: AdminFeaturedDto) => void; onUnfeature: (f: AdminFeaturedDto) => void }) {
  const query = useInfiniteQuery({
    queryKey: contentKeys.featured(list),
    queryFn: ({ pageParam }) => fetchFeatured(list, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  if (query.isPending) return <ListSkeleton label="Loading featured plates" />;
  if (query.isError) return <LoadError what="featured plates" error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.featured);
  if (items.length === 0) {
    return <EmptyState icon={Sparkles}>{list === 'current' ? 'No plate is featured. Feature one above: it shows at the top of the home feed.' : 'No featured plate has expired or been unfeatured yet.'}</EmptyState>;
  }
  return (
    <>
      <ul className="grid gap-3" aria-label={list === 'current' ? 'Featured now' : 'Featured before'}>
        {items.map((f) => (
          <li key={f.id} className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-3 rounded-2xl border bg-card p-3 sm:grid-cols-[4rem_minmax(0,1fr)_auto] sm:items-center">
            <img src={f.post.imageUrl} alt="" className="size-14 rounded-lg bg-muted object-cover sm:size-16" loading="lazy" />
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/posts/${f.postId}`} className="truncate font-semibold hover:underline">
                  {f.post.title}
                </Link>
                <Badge variant={f.status === 'active' ? 'default' : 'secondary'}>{STATUS_LABELS[f.status]}</Badge>
                <Badge variant="outline">Priority {f.priority}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                by @{f.post.author.username}
                {f.featuredBy ? ` · featured by @${f.featuredBy.username}` : ''}
                {f.expiresAt ? ` · ${f.status === 'expired' ? 'expired' : 'expires'} ${formatFullDate(f.expiresAt)}` : ''}
                {f.unfeaturedAt ? ` · unfeatured ${formatFullDate(f.unfeaturedAt)}${f.unfeaturedBy ? ` by @${f.unfeaturedBy.username}` : ''}` : ''}
              </p>
              {f.reason ? <p className="text-sm">{f.reason}</p> : null}
            </div>
            {f.status === 'active' ? (
              <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:justify-end">
                <Button variant="outline" size="sm" onClick={() => onEdit(f)} aria-label={`Change ${f.post.title}`}>
                  Change
                </Button>
                <Button variant="outline" size="sm" className="text-destructive" onClick={() => onUnfeature(f)} aria-label={`Unfeature ${f.post.title}`}>
                  Unfeature
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore pager={query} />
    </>
  );
}
