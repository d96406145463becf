import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

// Loaded when can-chat says a request is needed, not with the profile.
const ChatRequestDialog = lazy(() => import('./chat-request-dialog'));

/** A profile's "Message" button: the can-chat flow (the profile hides it for blocked and own profiles). */
export function MessageButton({ userId, name }: { userId: number; name: string }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      const { startChat } = await import('../lib/start-chat');
      if ((await startChat(queryClient, userId)) === 'needs-request') setAsking(true);
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <Button variant="outline" disabled={pending} onClick={() => void onClick()} aria-label={`Message ${name}`}>
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <ChatRequestDialog userId={userId} name={name} onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
