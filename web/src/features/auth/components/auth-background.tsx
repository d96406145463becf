import { TIMING } from '@plates/common';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdleAfterLoad } from '../../../components/ui/deferred-menu';
import { cn } from '../../../lib/utils';
import breakfast from '../assets/dish-6-breakfast.svg';
import pancakes from '../assets/dish-4-pancakes.svg';
import pizza from '../assets/dish-1-pizza.svg';
import ramen from '../assets/dish-2-ramen.svg';
import salad from '../assets/dish-3-salad.svg';
import sushi from '../assets/dish-5-sushi.svg';

/** Six illustrations made for Plates (src/features/auth/assets), shown from above. */
export const AUTH_BACKGROUNDS = [pizza, ramen, salad, pancakes, sushi, breakfast] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(REDUCED_MOTION);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * Full-bleed background that crossfades to the next dish every 4 s (document 1 §9). The dishes are
 * asked for once the page has loaded and is idle, so they never hold up its first paint (the
 * heading and the form come first on a slow phone); all six are then preloaded together so a
 * crossfade never shows a half-loaded image. With reduced motion the images still change,
 * without the fade.
 */
export function AuthBackground({ className }: { className?: string }) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

  useEffect(() => whenIdleAfterLoad(() => setShown(true)), []);

  useEffect(() => {
    if (!shown) return;
    const preloaded = AUTH_BACKGROUNDS.map((src) => {
      const img = new Image();
      img.decoding = 'async';
      img.src = src;
      return img;
    });
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % AUTH_BACKGROUNDS.length),
      TIMING.authBackgroundRotationMs,
    );
    return () => {
      window.clearInterval(timer);
      preloaded.length = 0;
    };
  }, [shown]);

  return (
    <div aria-hidden="true" className={cn('pointer-events-none absolute inset-0 overflow-hidden', className)}>
      {shown && AUTH_BACKGROUNDS.map((src, i) => (
        <img
          key={src}
          src={src}
          alt=""
          data-active={i === index}
          draggable={false}
          className={cn(
            'absolute inset-0 size-full object-cover opacity-0 data-[active=true]:opacity-100',
            !reducedMotion && 'transition-opacity duration-[1200ms] ease-in-out',
          )}
        />
      ))}
    </div>
  );
}
