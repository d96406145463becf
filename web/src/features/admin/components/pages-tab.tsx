import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMUNITY_CONTENT_LABELS,
  COMMUNITY_CONTENT_MAX,
  COMMUNITY_CONTENT_PATHS,
  COMMUNITY_CONTENT_TYPES,
  COMMUNITY_TITLE_MAX,
  CommunityContentBody,
  type AdminCommunityContentDto,
  type CommunityContentType,
  type CommunityVersionDto,
} from '@plates/common';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, History } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import Markdown from '../../../components/markdown/markdown';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { contentKeys, fetchCommunityPages, fetchVersions, restoreVersion, saveCommunityPage } from '../api/content-api';
import { BUILT_IN_PAGES } from '../../info';
import { LoadError } from './page-states';
import { ListSkeleton } from './query-states';

const FormSchema = CommunityContentBody.pick({ title: true, content: true });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

/**
 * /admin/content?tab=pages : About, How it works and the community guidelines, written in
 * Markdown with a live preview; each save is a new version, and earlier ones can be read and
 * restored.
 */
export function PagesTab() {
  const [type, setType] = useState<CommunityContentType>('about');
  const pages = useQuery({ queryKey: contentKeys.pages, queryFn: fetchCommunityPages, staleTime: 0 });
  return (
    <>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Page to edit">
        {COMMUNITY_CONTENT_TYPES.map((value) => (
          <Button key={value} size="sm" variant={type === value ? 'default' : 'outline'} aria-pressed={type === value} onClick={() => setType(value)}>
            {COMMUNITY_CONTENT_LABELS[value]}
          </Button>
        ))}
      </div>
      {pages.isPending ? (
        <ListSkeleton label="Loading pages" rows={2} />
      ) : pages.isError ? (
        <LoadError what="pages" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <PageEditor key={`${type}@${pages.data.pages.find((p) => p.contentType === type)?.page?.version ?? 0}`} type={type} page={pages.data.pages.find((p) => p.contentType === type)?.page ?? null} />
      )}
    </>
  );
}

function useRefreshPages(type: CommunityContentType) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contentKeys.pages });
    void queryClient.invalidateQueries({ queryKey: contentKeys.versions(type) });
    void queryClient.invalidateQueries({ queryKey: contentKeys.publicPages });
  };
}

function PageEditor({ type, page }: { type: CommunityContentType; page: AdminCommunityContentDto | null }) {
  const refresh = useRefreshPages(type);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    // A page not written yet starts from the built-in text it shows, ready to edit.
    defaultValues: { title: page?.title ?? BUILT_IN_PAGES[type].title, content: page?.content ?? BUILT_IN_PAGES[type].content },
  });
  const { errors } = form.formState;
  const content = useDeferredValue(useWatch({ control: form.control, name: 'content' }));
  const save = useMutation<AdminCommunityContentDto, ApiError, FormOutput>({
    mutationFn: (v) => saveCommunityPage(type, { ...v, baseVersion: page?.version ?? 0 }),
    onSuccess: (saved) => {
      toast({ variant: 'success', title: 'Page saved', description: `${COMMUNITY_CONTENT_LABELS[type]} is now version ${saved.version}.` });
      refresh();
    },
    onError: (error) => {
      const field = error.field === 'title' || error.field === 'content' ? error.field : 'root.server';
      form.setError(field, { message: isApiError(error) ? error.message : 'Saving failed. Please try again.' });
    },
  });

  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          {page
            ? `Version ${page.version}, saved ${formatFullDate(page.updatedAt)}${page.lastModifiedBy ? ` by @${page.lastModifiedBy.username}` : ''}.`
            : 'Not written yet: the page shows the built-in text below. Edit it and save to make it yours.'}
        </span>
        <Link to={COMMUNITY_CONTENT_PATHS[type]} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2">
          View page
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      </p>
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4" aria-label={`Edit ${COMMUNITY_CONTENT_LABELS[type]}`}>
        <FormError>{errors.root?.server?.message}</FormError>
        <FormField label="Title" error={errors.title?.message}>
          <Input maxLength={COMMUNITY_TITLE_MAX} {...form.register('title')} />
        </FormField>
        <div className="grid gap-4 lg:grid-cols-2">
          <FormField label="Content (Markdown)" error={errors.content?.message} hint="# headings, **bold**, *italic*, lists, [links](https://…). HTML is not shown.">
            <Textarea rows={16} maxLength={COMMUNITY_CONTENT_MAX} className="font-mono text-sm" {...form.register('content')} />
          </FormField>
          <section aria-label="Preview" className="grid content-start gap-2">
            <h3 className="text-sm font-medium">Preview</h3>
            <div className="min-h-40 rounded-lg border bg-card p-4">
              {content.trim() ? <Markdown>{content}</Markdown> : <p className="text-sm text-muted-foreground">Write some Markdown to see it here.</p>}
            </div>
          </section>
        </div>
        <Button type="submit" className="w-full sm:w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save new version'}
        </Button>
      </form>
      {page ? <Versions type={type} current={page.version} /> : null}
    </div>
  );
}

function Versions({ type, current }: { type: CommunityContentType; current: number }) {
  const refresh = useRefreshPages(type);
  const [restoring, setRestoring] = useState<CommunityVersionDto | null>(null);
  const versions = useInfiniteQuery({
    queryKey: contentKeys.versions(type),
    queryFn: ({ pageParam }) => fetchVersions(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const restore = useMutation<AdminCommunityContentDto, ApiError, CommunityVersionDto>({
    mutationFn: (v) => restoreVersion(type, v.version),
    onSuccess: (saved, v) => {
      toast({ variant: 'success', title: 'Version restored', description: `Version ${v.version} is now version ${saved.version}.` });
      refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not restore: ${error.message}` }),
  });
  const items = versions.data?.pages.flatMap((p) => p.versions) ?? [];
  return (
    <section className="grid gap-3" aria-labelledby={`versions-${type}`}>
      <h3 id={`versions-${type}`} className="flex items-center gap-2 font-semibold">
        <History className="size-5 text-primary" aria-hidden="true" />
        Earlier versions
      </h3>
      {versions.isPending ? (
        <ListSkeleton label="Loading earlier versions" rows={2} />
      ) : versions.isError ? (
        <LoadError what="earlier versions" error={versions.error} onRetry={() => void versions.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Version {current} is the first: no earlier versions yet.</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((v) => (
            <li key={v.version} className="rounded-2xl border bg-card">
              <details className="group">
                <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-4 py-2 text-sm">
                  <span>
                    <span className="font-semibold">Version {v.version}</span>: {v.title}
                    <span className="text-muted-foreground">
                      {' '}
                      · replaced {formatFullDate(v.replacedAt)}
                      {v.replacedBy ? ` by @${v.replacedBy.username}` : ''}
                    </span>
                  </span>
                </summary>
                <div className="grid gap-3 border-t p-4">
                  <Markdown>{v.content}</Markdown>
                  <Button variant="outline" size="sm" className="w-fit" onClick={() => setRestoring(v)}>
                    Restore version {v.version}
                  </Button>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      {versions.data ? <LoadMore pager={versions} /> : null}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => (open ? undefined : setRestoring(null))}
        title={restoring ? `Restore version ${restoring.version}?` : 'Restore?'}
        description={`Its title and text are saved as version ${current + 1}; version ${current} stays among the earlier versions.`}
        confirmLabel="Restore"
        onConfirm={() => {
          if (restoring) restore.mutate(restoring);
          setRestoring(null);
        }}
      />
    </section>
  );
}
