import type { FilterHitDto } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { filterHitKeys, fetchPostFilterHits } from '../api/content-filters-api';
import { SCOPE_LABELS } from './content-filter-form';
import { ActionBadge } from './filter-badges';

const fieldOf = (hit: FilterHitDto) => (hit.scope === 'titles' ? 'title' : hit.scope === 'descriptions' ? 'description' : SCOPE_LABELS[hit.scope].toLowerCase());

/** What the content filters caught in a plate's title and description; nothing when they caught nothing. */
export function PostFilterHits({ postId }: { postId: number }) {
  const hits = useQuery({ queryKey: filterHitKeys.forPost(postId), queryFn: () => fetchPostFilterHits(postId), retry: false });
  const list = hits.data?.hits ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="grid gap-1 rounded-lg bg-warning/10 p-2 text-sm" aria-label="Content filter hits">
      {list.map((hit) => (
        <li key={hit.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <ActionBadge action={hit.action} />
          <span>
            <span className="font-medium">{hit.filterName}</span> matched <mark className="rounded bg-warning/40 px-0.5 text-foreground dark:bg-warning/30">{hit.match}</mark> in the {fieldOf(hit)}
          </span>
        </li>
      ))}
    </ul>
  );
}
