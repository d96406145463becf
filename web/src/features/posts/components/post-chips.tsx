import type { PostDto } from '@plates/common';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';

export function locationPath(location: string): string {
  return `/location/${encodeURIComponent(location)}`;
}

/** The location chip (links to the location page) and the cuisine chips. */
export function PostChips({ post }: { post: Pick<PostDto, 'location' | 'categories'> }) {
  if (!post.location && post.categories.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Location and cuisines">
      {post.location ? (
        <li>
          <Link
            to={locationPath(post.location)}
            className="inline-flex min-h-8 items-center gap-1 rounded-full border bg-background px-2.5 text-xs font-medium text-foreground transition-colors hover:bg-accent"
          >
            <MapPin className="size-3.5 text-primary" aria-hidden="true" />
            <span className="sr-only">Location: </span>
            {post.location}
          </Link>
        </li>
      ) : null}
      {post.categories.map((c) => (
        <li key={c.id} className="inline-flex min-h-8 items-center rounded-full bg-secondary px-2.5 text-xs font-medium text-secondary-foreground">
          {c.name}
        </li>
      ))}
    </ul>
  );
}
