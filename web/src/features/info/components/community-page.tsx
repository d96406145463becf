import type { CommunityContentType } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Markdown from '../../../components/markdown/markdown';
import { PageSpinner } from '../../../components/ui/spinner';
import { communityKeys, fetchCommunityContent } from '../api/content-api';

/**
 * A community page: the Markdown staff wrote on /admin/content when there is some, otherwise the
 * page's built-in text (`fallback`, also shown when the stored page cannot be loaded).
 */
export function CommunityPage({ type, fallback, footer }: { type: CommunityContentType; fallback: ReactNode; footer?: ReactNode }) {
  const stored = useQuery({ queryKey: communityKeys.page(type), queryFn: () => fetchCommunityContent(type), staleTime: 60_000 });
  if (stored.isPending) return <PageSpinner label="Loading page" />;
  const page = stored.data?.page;
  if (!page) return fallback;
  return (
    <article className="grid gap-5">
      <h1 className="font-display text-3xl font-bold tracking-tight">{page.title}</h1>
      <Markdown>{page.content}</Markdown>
      {footer}
    </article>
  );
}
