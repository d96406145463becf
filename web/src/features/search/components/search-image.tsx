import { imageSrcSet, type ImageDto } from '@plates/common';
import { UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/utils';

/** The smallest rendition, for a thumbnail; the image itself when there are none. */
export function smallestUrl(image: Pick<ImageDto, 'url' | 'variants'>): string {
  const smallest = [...image.variants].sort((a, b) => a.width - b.width)[0];
  return smallest?.url ?? image.url;
}

interface SearchImageProps {
  image: ImageDto;
  /** Used for the alt text when the image has none. */
  title: string;
  /** `thumb`: the smallest rendition only; `card`: srcset over the renditions. */
  variant: 'thumb' | 'card';
  sizes?: string;
  className?: string;
}

/**
 * A plate photo in search results, loaded lazily; a broken one shows a plate icon instead
 * (document 1 §8 "Display fallbacks").
 */
export function SearchImage({ image, title, variant, sizes, className }: SearchImageProps) {
  const [failed, setFailed] = useState(false);
  const alt = image.alt?.trim() || title;
  return (
    <span className={cn('relative block overflow-hidden bg-muted', className)}>
      {failed ? (
        <span
          role={variant === 'thumb' ? undefined : 'img'}
          aria-label={variant === 'thumb' ? undefined : `${alt} (image unavailable)`}
          className="flex size-full items-center justify-center text-muted-foreground">
          <UtensilsCrossed className="size-1/3 max-h-10 max-w-10" aria-hidden="true" />
        </span>
      ) : (
        <img
          src={variant === 'thumb' ? smallestUrl(image) : image.url}
          srcSet={variant === 'card' ? imageSrcSet(image.variants) : undefined}
          sizes={variant === 'card' && image.variants.length ? sizes : undefined}
          // a thumbnail sits beside the plate's title: decorative
          alt={variant === 'thumb' ? '' : alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
