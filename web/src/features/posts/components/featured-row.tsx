import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { postKeys } from '../api/keys';
import { fetchFeatured, pageAnswers } from '../api/posts-api';
import { PostTile } from './post-tile';

/**
 * The Featured row at the top of the home feed: plates staff featured on /admin/content, for
 * everyone (the server applies the feed's rules). A scrollable row of tiles on phones, a row on
 * desktop; nothing at all while loading, on an error or when none are featured.
 */
export function FeaturedRow() {
  const id = useId();
  // The home page is served with the row's plates (common's page-data), so it needs no request.
  const featured = useQuery({ queryKey: postKeys.featured(), queryFn: fetchFeatured, staleTime: 60_000, initialData: pageAnswers.featured });
  const posts = featured.data ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="flex items-center gap-1.5 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        Featured
      </h2>
      <ul
        aria-labelledby={id}
        className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:px-0"
      >
        {posts.map((post) => (
          <PostTile key={post.id} post={post} className="w-32 shrink-0 snap-start sm:w-36" />
        ))}
      </ul>
    </section>
  );
}
