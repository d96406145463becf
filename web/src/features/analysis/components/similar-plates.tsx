import type { PostDto } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { fetchSimilarPlates } from '../api/analysis-api';
import { analysisKeys } from '../api/keys';

/** At most this many plates; the section asks for them once it comes this near the viewport. */
export const SIMILAR_LIMIT = 6;
export const SIMILAR_MARGIN = '600px 0px';

interface SimilarPlatesProps {
  postId: number;
  /** The photo tile of a plate (the posts feature's PostTile, an `<li>`). */
  Tile: ComponentType<{ post: PostDto }>;
}

/**
 * "Similar plates" under a plate: a grid of up to six look-alike plates. Asked for only when the
 * section scrolls near (IntersectionObserver; at once in a browser without it), so the plate's
 * own first load never waits for it. Nothing shows while it loads, when it finds none, or when the
 * request fails (the analysis may be switched off).
 */
export function SimilarPlates({ postId, Tile }: SimilarPlatesProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = sentinel.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: SIMILAR_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);

  const similar = useQuery({
    queryKey: analysisKeys.similar(postId, SIMILAR_LIMIT),
    queryFn: () => fetchSimilarPlates(postId, SIMILAR_LIMIT),
    enabled: near,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const posts = (similar.data ?? []).filter((p) => p.id !== postId).slice(0, SIMILAR_LIMIT);

  if (posts.length === 0) return <div ref={sentinel} aria-hidden="true" />;
  return (
    <section aria-labelledby="similar-plates-title" className="grid gap-3">
      <h2 id="similar-plates-title" className="font-display text-xl font-bold tracking-tight">
        Similar plates
      </h2>
      <ul className="grid grid-cols-3 gap-1 sm:gap-1.5 lg:grid-cols-6">
        {posts.map((post) => (
          <Tile key={post.id} post={post} />
        ))}
      </ul>
    </section>
  );
}
