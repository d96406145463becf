import type { PostDto } from '@plates/common';
import { useEffect, useRef, useState } from 'react';
import { useRatePost } from './use-rate-post';

/** Keyboard users sweep across stars with the arrows: only the star they stop on is sent. */
export const RATING_SETTLE_MS = 500;

/**
 * The viewer's stars on a plate, as the plate page and the feed's cards show them: the star being
 * chosen shows at once, and only the one the viewer settles on is sent (`RATING_SETTLE_MS`), with
 * `useRatePost`'s refusals (guests, owners) and toasts.
 */
export function useSettledRating(post: PostDto, onRated: (updated: PostDto) => void) {
  const { rate } = useRatePost(post, onRated);
  const [chosen, setChosen] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const current = post.userRating ?? 0;
  const onChange = (n: number) => {
    setChosen(n);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setChosen(null);
      if (n !== current) rate(n);
    }, RATING_SETTLE_MS);
  };
  return { value: chosen ?? current, onChange };
}
