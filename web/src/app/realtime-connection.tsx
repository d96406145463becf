import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationDto } from '@plates/common';
import { toast } from '../components/ui/use-toast';
import { authKeys } from '../features/auth';
import { announcementKeys } from '../features/announcements';
import { addNotificationToCache } from '../features/notifications';
import { apiRequest } from '../lib/api';
import { onRealtimeNotice, onRealtimeReconnect, useRealtimeEvent, useRealtimeLive, useRealtimeRestarts, type RealtimeNotice } from '../lib/realtime-events';

/** The connection toasts of document 1 §8 ("Connection Mode Changed" comes with HTTP-only mode). */
export const CONNECTION_TOASTS: Record<RealtimeNotice, { title: string; description: string }> = {
  connection_error: {
    title: 'Connection Error',
    description: "Live updates can't connect right now. Chat keeps working and refreshes every few seconds.",
  },
  reconnecting: { title: 'Reconnecting...', description: 'The live connection dropped. Trying to reconnect.' },
};

/**
 * Without a live socket (it cannot connect, went silent, or HTTP-only mode), the presence the
 * socket would give is kept over HTTP: `POST /api/chat/ping` a few seconds after the socket stops
 * being live, then every 30 s (the server counts someone online for 60 s after a ping).
 */
export const PRESENCE_PING_FIRST_MS = 5_000;
export const PRESENCE_PING_EVERY_MS = 30_000;

function usePresencePing() {
  const live = useRealtimeLive();
  useEffect(() => {
    if (live) return;
    const ping = () => void apiRequest('POST', '/api/chat/ping', { timestamp: Date.now() }).catch(() => undefined);
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      ping();
      every = setInterval(ping, PRESENCE_PING_EVERY_MS);
    }, PRESENCE_PING_FIRST_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [live]);
}

/**
 * The signed-in layout's realtime connection: opens the socket while mounted, closes it on
 * unmount (logout), and feeds socket events into the features' caches; polling stays on as the
 * fallback. The socket module (and socket.io-client) is imported dynamically after the first
 * render, so it is not part of the first page load; only this small component is. It is mounted
 * only for a signed-in user, so the connection toasts never show before sign-in or after logout.
 */
export function RealtimeConnection() {
  const queryClient = useQueryClient();
  // "Reset connection mode" (/test-auth) asks for a new socket: the effect below runs again.
  const restarts = useRealtimeRestarts();
  usePresencePing();
  // Back after a drop: refetch what is on screen (notifications, chat, feed), since the socket does
  // not replay what was sent while it was away.
  useEffect(() => onRealtimeReconnect(() => void queryClient.invalidateQueries()), [queryClient]);
  // A word from the server to everyone connected (document 1 §7), shown as it comes; an
  // announcement's shows in the home page's banner instead (asked again at once), quietly.
  useRealtimeEvent('system_message', (payload) => {
    if (payload.announcementId !== undefined) void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    else toast({ title: 'Plates', description: payload.message });
  });
  // An admin switched maintenance mode or registration: whatever shows them asks again.
  useRealtimeEvent('maintenance_changed', () => void queryClient.invalidateQueries({ queryKey: authKeys.maintenance }));
  useEffect(
    () =>
      onRealtimeNotice((notice) => {
        const { title, description } = CONNECTION_TOASTS[notice];
        toast({ title, description, variant: notice === 'connection_error' ? 'destructive' : 'default' });
      }),
    [],
  );
  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('../lib/socket').then(({ startRealtime, stopRealtime }) => {
      if (stopped) return;
      const socket = startRealtime({
        onHttpOnly: () =>
          toast({ title: 'Connection Mode Changed', description: 'Realtime updates are off; the app will refresh periodically.' }),
      });
      if (!socket) return;
      const onNotification = (notification: NotificationDto) => addNotificationToCache(queryClient, notification);
      socket.on('notification', onNotification);
      stop = () => {
        socket.off('notification', onNotification);
        stopRealtime();
      };
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, restarts]);
  return null;
}
