import { CHAT_LIMITS, DEFAULT_CHAT_REQUEST_MESSAGE } from '@plates/common';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import { sendRequest } from '../lib/start-chat';
import { LengthCounter } from './length-counter';

interface ChatRequestDialogProps {
  userId: number;
  /** The person asked, as the dialog names them (unknown on /messages/{userId}). */
  name?: string;
  /** Closed by Cancel, Escape or a sent request (`sent` tells which). */
  onClose: (sent: boolean) => void;
}

/**
 * "Send a chat request": the greeting, prefilled with the default one and counted against 500
 * characters. A failed send keeps the dialog and the text. Loaded when the Message flow needs it.
 */
export default function ChatRequestDialog({ userId, name, onClose }: ChatRequestDialogProps) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string>(DEFAULT_CHAT_REQUEST_MESSAGE);
  const [sending, setSending] = useState(false);
  const ids = { field: useId(), count: useId() };
  const length = message.trim().length;
  const tooLong = length > CHAT_LIMITS.requestMessageMax;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooLong || sending) return;
    setSending(true);
    // A blank greeting is sent as none: the server uses the default one.
    const sent = await sendRequest(queryClient, userId, message.trim());
    setSending(false);
    if (sent) onClose(true);
  }

  return (
    <Dialog open onOpenChange={(open) => (open || sending ? undefined : onClose(false))}>
      <DialogContent>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Send a chat request</DialogTitle>
            <DialogDescription>
              {name ? `Say hello to ${name}.` : 'Say hello.'} You can chat once they accept.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <label htmlFor={ids.field} className="text-sm font-medium">
              Greeting
            </label>
            <Textarea
              id={ids.field}
              value={message}
              rows={4}
              onChange={(e) => setMessage(e.target.value)}
              aria-invalid={tooLong || undefined}
              aria-describedby={ids.count}
            />
            <LengthCounter id={ids.count} length={length} max={CHAT_LIMITS.requestMessageMax} />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={sending} onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending || tooLong}>
              {sending ? 'Sending...' : 'Send request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
