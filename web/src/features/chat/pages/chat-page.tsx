import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { startChat } from '../lib/start-chat';
import { messagesStore, useMessagesState } from '../lib/messages-store';

const ChatRequestDialog = lazy(() => import('../components/chat-request-dialog'));

/** Closing the dialog on a chat address goes home (the dialog is the page). */
function useCloseGoesHome() {
  const { open } = useMessagesState();
  const navigate = useNavigate();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) void navigate('/', { replace: true });
  }, [open, navigate]);
  useEffect(() => () => messagesStore.close(), []);
}

/**
 * /chat (?tab=requests|messages, ?sessionId={id}) and /messages: open the messages dialog (hosted
 * by the header's Messages button) on what the address asks for.
 */
export default function ChatPage() {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const sessionId = Number(params.get('sessionId'));
  useEffect(() => {
    messagesStore.open({
      tab: tab === 'requests' ? 'requests' : 'messages',
      sessionId: Number.isInteger(sessionId) && sessionId > 0 ? sessionId : null,
    });
  }, [tab, sessionId]);
  useCloseGoesHome();
  return null;
}

/**
 * /messages/{userId}: the conversation with that user, else the profile's Message flow: a needed
 * request asks for the greeting here, then (sent or not) the profile shows.
 */
export function MessagesUserPage() {
  const { userId } = useParams();
  const id = Number(userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef<number | null>(null);
  const [asking, setAsking] = useState(false);
  const toProfile = () => void navigate(`/profile/${id}`, { replace: true });
  useEffect(() => {
    if (started.current === id) return; // StrictMode runs effects twice: one request only
    started.current = id;
    if (!Number.isInteger(id) || id <= 0) {
      void navigate('/chat', { replace: true });
      return;
    }
    void startChat(queryClient, id).then((outcome) => {
      if (outcome === 'needs-request') setAsking(true);
      else if (outcome !== 'opened' && outcome !== 'requests') toProfile();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useCloseGoesHome();
  return asking ? (
    <Suspense fallback={null}>
      <ChatRequestDialog
        userId={id}
        onClose={() => {
          setAsking(false);
          toProfile();
        }}
      />
    </Suspense>
  ) : null;
}
