import { Dialog as DialogPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { SheetHeader } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAnswerRequest, useChatRequests, useConversations } from '../hooks/use-chat';
import { messagesStore, useMessagesState, type MessagesTab } from '../lib/messages-store';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import { RequestList } from './request-list';

const WIDE = '(min-width: 768px)';

function subscribeWide(onChange: () => void) {
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** From md up the list and the thread side by side; on phones one of them, with Back. */
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => false);
}

/**
 * The full-screen messages dialog (document 1 §2): conversations and pending requests on the
 * left, the thread and the send form on the right. Loaded lazily by the header's Messages button.
 */
export default function MessagesDialog() {
  const state = useMessagesState();
  const wide = useWide();
  const conversations = useConversations();
  const requests = useChatRequests();
  const { accept, decline } = useAnswerRequest();
  const selected = conversations.data?.find((c) => c.id === state.sessionId);
  const incoming = requests.data?.filter((r) => r.status === 'pending' && r.direction === 'incoming').length ?? 0;
  const showList = wide || state.sessionId === null;
  const showThread = wide || state.sessionId !== null;
  const busyId = accept.isPending ? accept.variables : decline.isPending ? decline.variables : null;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : messagesStore.close())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content data-toasts-top="" className="fixed inset-0 z-50 flex h-dvh flex-col bg-background text-foreground outline-none">
          <SheetHeader title="Messages" description="Your conversations and chat requests" className="py-2" />
          <div className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 xl:border-x">
            {showList ? (
              <Tabs
                value={state.tab}
                onValueChange={(tab) => messagesStore.update({ tab: tab as MessagesTab })}
                className="flex min-h-0 w-full flex-col md:w-80 md:shrink-0 md:border-r"
              >
                <TabsList className="m-2">
                  <TabsTrigger value="messages">Messages</TabsTrigger>
                  <TabsTrigger value="requests">Requests{incoming > 0 ? ` (${incoming})` : ''}</TabsTrigger>
                </TabsList>
                <TabsContent value="messages" className="mt-0 min-h-0 flex-1 overflow-y-auto">
                  <ConversationList
                    conversations={conversations.data}
                    isError={conversations.isError}
                    selectedId={state.sessionId}
                    onSelect={(sessionId) => messagesStore.update({ sessionId })}
                  />
                </TabsContent>
                <TabsContent value="requests" className="mt-0 min-h-0 flex-1 overflow-y-auto">
                  <RequestList
                    requests={requests.data}
                    isError={requests.isError}
                    busyId={busyId ?? null}
                    onAccept={(id) =>
                      accept.mutate(id, {
                        onSuccess: (answer) => messagesStore.update({ tab: 'messages', sessionId: answer.session.id }),
                      })
                    }
                    onDecline={(id) => decline.mutate(id)}
                  />
                </TabsContent>
              </Tabs>
            ) : null}
            {showThread ? (
              <section aria-label="Conversation" className="flex min-h-0 min-w-0 flex-1 flex-col">
                {state.sessionId === null ? (
                  <p className="m-auto p-6 text-center text-muted-foreground">Select a conversation</p>
                ) : (
                  <ChatThread
                    key={state.sessionId}
                    sessionId={state.sessionId}
                    conversation={selected}
                    onBack={wide ? undefined : () => messagesStore.update({ sessionId: null })}
                  />
                )}
              </section>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
