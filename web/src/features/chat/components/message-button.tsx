import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** A profile's "Message" button: the can-chat flow (the profile hides it for blocked and own profiles). */
export function MessageButton({ userId, name }: { userId: number; name: string }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      const { startChat } = await import('../lib/start-chat');
      await startChat(queryClient, userId);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" disabled={pending} onClick={() => void onClick()} aria-label={`Message ${name}`}>
      <MessageCircle aria-hidden="true" />
      Message
    </Button>
  );
}
