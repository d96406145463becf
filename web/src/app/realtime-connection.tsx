import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationDto } from '@plates/common';
import { toast } from '../components/ui/use-toast';
import { addNotificationToCache } from '../features/notifications';

/**
 * The signed-in layout's realtime connection: opens the socket while mounted, closes it on
 * unmount (logout), and feeds socket events into the features' caches; polling stays on as the
 * fallback. The socket module (and socket.io-client) is imported dynamically after the first
 * render, so it is not part of the first page load; only this small component is.
 */
export function RealtimeConnection() {
  const queryClient = useQueryClient();
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
  }, [queryClient]);
  return null;
}
