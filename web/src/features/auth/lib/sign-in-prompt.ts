import { useSyncExternalStore } from 'react';

/**
 * The visitor's sign-in prompt: whether it is open and what the visitor tried to do ("Please log
 * in to save this plate"). A store outside React, so a hook can open it from anywhere, the way
 * toasts are raised; one host (SignInPromptHost) shows it.
 */
export interface SignInPromptState {
  open: boolean;
  /** Stays after closing, so the dialog keeps its words while it closes. */
  description: string;
}

let state: SignInPromptState = { open: false, description: '' };
const listeners = new Set<() => void>();

function set(next: SignInPromptState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const signInPromptStore = {
  get: (): SignInPromptState => state,
  open: (description: string) => set({ open: true, description }),
  close: () => {
    if (state.open) set({ ...state, open: false });
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useSignInPrompt(): SignInPromptState {
  return useSyncExternalStore(signInPromptStore.subscribe, signInPromptStore.get, signInPromptStore.get);
}
