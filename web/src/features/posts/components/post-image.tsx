import { CARD_IMAGE_SIZES, imageSrcSet, type ImageDto } from '@plates/common';
import { useRef, useState, type CSSProperties } from 'react';
import { cn } from '../../../lib/utils';
import { refreshImageUrl } from '../api/posts-api';
import fallbackImage from '../assets/plate-placeholder.svg';
import { ASPECT_RATIO, aspectOf, placeholderUrl } from '../lib/image';

/** Expired storage links are refreshed and retried up to twice, then the placeholder shows. */
export const MAX_IMAGE_REFRESHES = 2;

/** Card width on each layout (shared with the server's preload of the first photo). */
export const CARD_SIZES = CARD_IMAGE_SIZES;

interface PostImageProps {
  image: ImageDto;
  /** Used for the alt text when the image has none. */
  title: string;
  /** The first image on the page: loaded eagerly with high priority. */
  priority?: boolean;
  sizes?: string;
  /** Keep the plate's aspect ratio (default), or fill the parent (`fill`). */
  fit?: 'aspect' | 'fill' | 'contain';
  className?: string;
}

/**
 * A plate photo: the ThumbHash placeholder paints at once in a box of the right shape (no layout
 * shift) and the sharp image fades in over it (the first photo of a page paints as it arrives);
 * `srcset` lets the browser pick a rendition.
 */
export function PostImage(props: PostImageProps) {
  // A new image (the swipe viewer reuses the slot) starts over: fresh retries, fade and source.
  return <PostImageInner key={props.image.url} {...props} />;
}

function PostImageInner({ image, title, priority = false, sizes = CARD_SIZES, fit = 'aspect', className }: PostImageProps) {
  const [src, setSrc] = useState(image.url);
  const [useSrcSet, setUseSrcSet] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const refreshes = useRef(0);

  const onError = async () => {
    if (refreshes.current >= MAX_IMAGE_REFRESHES) {
      setFailed(true);
      return;
    }
    refreshes.current += 1;
    try {
      const { url } = await refreshImageUrl(image.url);
      setUseSrcSet(false);
      setSrc(`${url}${refreshes.current > 1 ? `${url.includes('?') ? '&' : '?'}retry=${refreshes.current}` : ''}`);
    } catch {
      setFailed(true);
    }
  };

  const placeholder = placeholderUrl(image.placeholder);
  const aspect = aspectOf(image);
  const boxStyle: CSSProperties = {
    ...(fit === 'aspect' ? { aspectRatio: ASPECT_RATIO[aspect] } : {}),
    ...(placeholder && !failed ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
  };
  const alt = image.alt?.trim() || title;

  return (
    <div
      className={cn('relative overflow-hidden bg-muted', fit === 'aspect' ? 'w-full' : 'size-full', className)}
      style={boxStyle}
    >
      {failed ? (
        <img src={fallbackImage} alt={`${alt} (image unavailable)`} className="size-full object-cover" />
      ) : (
        <img
          src={src}
          srcSet={useSrcSet ? imageSrcSet(image.variants) : undefined}
          sizes={useSrcSet && image.variants.length ? sizes : undefined}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => void onError()}
          className={cn(
            'size-full',
            fit === 'contain' ? 'object-contain' : 'object-cover',
            // The page's first photo is its largest paint: shown the moment it arrives, not faded in
            // after React hears of its load.
            !priority && 'transition-opacity duration-300 motion-reduce:transition-none',
            loaded || priority ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </div>
  );
}
