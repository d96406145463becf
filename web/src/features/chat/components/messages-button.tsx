import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';
import { useAuth } from '../../auth';
import { useUnreadCount } from '../hooks/use-unread-count';
import { messagesStore, useMessagesState } from '../lib/messages-store';

// The dialog (lists, thread, forms) loads on first open, not with the page.
const MessagesDialog = lazy(() => import('./messages-dialog'));


/** Subscribes chat's socket events while mounted; the handlers load after the first render. */
function useChatRealtime() {
  const queryClient = useQueryClient();
  const me = useAuth().user?.id;
  useEffect(() => {
    if (me === undefined) return;
    let off: (() => void) | undefined;
    let stopped = false;
    void import('../lib/chat-realtime').then(({ subscribeChatRealtime }) => {
      if (!stopped) off = subscribeChatRealtime(queryClient, me);
    });
    return () => {
      stopped = true;
      off?.();
    };
  }, [queryClient, me]);
}

/**
 * The header's Messages button (signed-in users) with the unread badge, the host of the messages
 * dialog and the listener of chat's socket events.
 */
export function MessagesButton() {
  const unread = useUnreadCount();
  const state = useMessagesState();
  useChatRealtime();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative rounded-full"
        aria-label={`Messages, ${unread} unread`}
        onClick={() => messagesStore.open()}
      >
        <MessageCircle className="size-5!" aria-hidden="true" />
        <CountBadge count={unread} max={99} testId="messages-badge" className="right-0.5" />
      </Button>
      {state.open ? (
        <Suspense fallback={null}>
          <MessagesDialog />
        </Suspense>
      ) : null}
    </>
  );
}
