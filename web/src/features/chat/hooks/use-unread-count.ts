import { useQuery } from '@tanstack/react-query';
import { useRealtimeLive } from '../../../lib/realtime-events';
import { useAuth } from '../../auth';
import { chatKeys } from '../api/keys';
import { fetchUnreadCount } from '../api/unread-api';

/** Polling fallbacks of document 1 §9: only while the socket is not live. */
export const CHAT_POLL_MS = { conversations: 5_000, messages: 2_000, requests: 8_000, unread: 5_000 } as const;

/** Unread messages across the viewer's conversations (the header badge). */
export function useUnreadCount(): number {
  const { user } = useAuth();
  const live = useRealtimeLive();
  const query = useQuery({
    queryKey: chatKeys.unread(),
    queryFn: fetchUnreadCount,
    enabled: user !== null,
    refetchInterval: user && !live ? CHAT_POLL_MS.unread : false,
  });
  return query.data?.count ?? 0;
}
