import type { PostDto } from '@plates/common';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isOwner, useAuth } from '../../auth';
import { putRatedPost } from '../api/cache';

// The stars and their mutation load with the first member's card, never on a visitor's first load.
const CardRating = lazy(() => import('../../ratings/components/card-rating'));

/**
 * Rate from the feed: a member's stars on an approved plate of someone else's (the plate page's
 * rules); nothing for visitors, the author, or a plate awaiting approval.
 */
export function CardStars({ post }: { post: PostDto }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  if (!user || isOwner(user, post) || post.approvalStatus !== 'approved') return null;
  return (
    <Suspense fallback={<div className="h-11" aria-hidden="true" />}>
      <CardRating post={post} onRated={(updated) => putRatedPost(queryClient, updated)} />
    </Suspense>
  );
}
