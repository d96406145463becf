import { useRef, type TouchEvent } from 'react';

/** How far a finger must travel sideways to count as a swipe (document 2 §9). */
export const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = 'next' | 'previous';

/** Left or right from a touch start and end; null for a tap or a mostly vertical move. */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

/** Touch handlers that call `onSwipe` with the direction of a horizontal swipe. */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const t = event.touches[0];
      if (t) start.current = { x: t.clientX, y: t.clientY };
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const t = event.changedTouches[0];
      start.current = null;
      if (!from || !t) return;
      const direction = swipeDirection(t.clientX - from.x, t.clientY - from.y);
      if (direction) onSwipe(direction);
    },
  };
}
