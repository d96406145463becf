import type { CommunityContentType } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Markdown from '../../../components/markdown/markdown';
import { PageSpinner } from '../../../components/ui/spinner';
import { communityKeys, fetchCommunityContent } from '../api/content-api';
import { BUILT_IN_PAGES } from '../lib/built-in';

/**
 * A community page: the Markdown staff wrote on /admin/content when there is some, otherwise the
 * page's built-in text (also when the stored page cannot be loaded); `footer` (live figures,
 * links onwards) follows either.
 */
export function CommunityPage({ type, footer }: { type: CommunityContentType; footer?: ReactNode }) {
  const stored = useQuery({ queryKey: communityKeys.page(type), queryFn: () => fetchCommunityContent(type), staleTime: 60_000 });
  if (stored.isPending) return <PageSpinner label="Loading page" />;
  const page = stored.data?.page ?? BUILT_IN_PAGES[type];
  return (
    <article className="grid gap-5 leading-relaxed">
      <h1 className="font-display text-3xl font-bold tracking-tight">{page.title}</h1>
      <Markdown>{page.content}</Markdown>
      {footer}
    </article>
  );
}
