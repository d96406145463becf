import { useSyncExternalStore } from 'react';

/**
 * Whether the messages dialog is open and what it shows. One store for the header button, the
 * /chat and /messages routes and the profile's Message button, so they all drive one dialog.
 */
export type MessagesTab = 'messages' | 'requests';

export interface MessagesState {
  open: boolean;
  tab: MessagesTab;
  /** The open conversation, or null for the list ("Select a conversation"). */
  sessionId: number | null;
}

const CLOSED: MessagesState = { open: false, tab: 'messages', sessionId: null };
let state: MessagesState = CLOSED;
const listeners = new Set<() => void>();

function set(next: MessagesState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const messagesStore = {
  get: (): MessagesState => state,
  open: (options: { tab?: MessagesTab; sessionId?: number | null } = {}) =>
    set({
      open: true,
      tab: options.sessionId ? 'messages' : (options.tab ?? state.tab),
      sessionId: options.sessionId !== undefined ? options.sessionId : state.open ? state.sessionId : null,
    }),
  update: (patch: Partial<Omit<MessagesState, 'open'>>) => set({ ...state, ...patch }),
  close: () => set({ ...state, open: false }),
  /** For tests. */
  reset: () => set(CLOSED),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useMessagesState(): MessagesState {
  return useSyncExternalStore(messagesStore.subscribe, messagesStore.get, messagesStore.get);
}

/** The conversation on screen right now (no "New Message" toast for it), or null. */
export function openSessionId(): number | null {
  return state.open && state.tab === 'messages' ? state.sessionId : null;
}
