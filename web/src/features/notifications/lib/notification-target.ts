import type { NotificationDto } from '@plates/common';

/** Delay before a message notification opens its session (document 1 §9). */
export const NOTIFICATION_SESSION_DELAY_MS = 100;

/** Where a notification leads: `path` at once, then `then` after NOTIFICATION_SESSION_DELAY_MS. */
export interface NotificationTarget {
  path: string | null;
  then?: string;
}

type Target = Pick<NotificationDto, 'type' | 'postId' | 'actorId' | 'metadata'>;

const post = (n: Target) => (n.postId != null ? `/posts/${n.postId}` : null);
const profile = (n: Target) => (n.actorId != null ? `/profile/${n.actorId}` : null);

function sessionIdOf(metadata: string | null): number | null {
  if (!metadata) return null;
  try {
    const value: unknown = JSON.parse(metadata);
    if (typeof value !== 'object' || value === null) return null;
    const id = Number((value as { sessionId?: unknown }).sessionId);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Navigation by type (document 1 §4). `viewerId` is the signed-in user: a follow request opens
 * their own Requests tab, an achievement their own profile, and a moderation notice their Settings.
 */
export function notificationTarget(n: Target, viewerId: number | null = null): NotificationTarget {
  const own = viewerId != null ? `/profile/${viewerId}` : null;
  switch (n.type) {
    case 'comment':
    case 'rating':
    case 'like':
    case 'reply':
    case 'post_approved':
    case 'post_rejected':
    case 'post_featured':
      return { path: post(n) ?? profile(n) };
    case 'follow':
    case 'follow_accepted':
      return { path: profile(n) };
    case 'follow_request':
      return { path: own ? `${own}?tab=requests` : profile(n) };
    case 'achievement':
      return { path: own ?? post(n) ?? profile(n) };
    // a strike, an appeal's answer or a lifted restriction: the member's own record, in Settings
    case 'moderation':
      return { path: own ? `${own}?tab=settings` : null };
    // the reported plate if it is still there; a reported person is not shown again
    case 'report_outcome':
      return { path: post(n) };
    case 'chat_request':
      return { path: '/chat?tab=requests' };
    case 'chat_request_accepted':
      return { path: '/chat?tab=messages' };
    case 'message':
    case 'new_message': {
      const sessionId = sessionIdOf(n.metadata);
      const then = sessionId !== null ? `/chat?sessionId=${sessionId}` : profile(n);
      return then ? { path: '/chat', then } : { path: '/chat' };
    }
    default:
      return { path: post(n) ?? profile(n) };
  }
}
