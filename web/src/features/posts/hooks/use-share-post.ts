import type { PostDto } from '@plates/common';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';

export function postUrl(id: number): string {
  return new URL(`/posts/${id}`, window.location.origin).toString();
}

/**
 * Share a plate: the Web Share API with title and description where there is one, otherwise the
 * link is copied (document 2 §8). Cancelling the share sheet is not a failure.
 */
export function useSharePost() {
  return useCallback(async (post: Pick<PostDto, 'id' | 'title' | 'description'>) => {
    const url = postUrl(post.id);
    const data: ShareData = { title: post.title, text: post.description ?? post.title, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // fall through to copying the link
      }
    }
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast({ variant: 'success', title: 'Link copied to clipboard' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Sharing failed',
        description: 'Could not share content. Try copying the URL manually.',
      });
    }
  }, []);
}
