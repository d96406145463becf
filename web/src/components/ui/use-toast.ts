import { TIMING } from '@plates/common';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The toast store (shadcn/ui's pattern): a tiny reducer outside React so feature hooks can raise a
 * toast from anywhere. At most one toast is visible; a dismissed toast stays in state, closed,
 * for TIMING.toastRemoveDelayMs (document 1 §9) so Radix can animate it out.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = TIMING.toastRemoveDelayMs;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes on its own; the provider default is 5000. */
  duration?: number;
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

export type ToastInput = Omit<ToastData, 'id' | 'open' | 'onOpenChange'> & {
  /** About the open dialog's fields: closes when that dialog closes. */
  endsWithDialog?: boolean;
};

type Action =
  | { type: 'ADD'; toast: ToastData }
  | { type: 'UPDATE'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

interface State {
  toasts: ToastData[];
}

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    dispatch({ type: 'REMOVE', id });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

// The dialog each `endsWithDialog` toast was raised in: a warning or an error about a dialog's
// fields ends with the dialog (a closed upload leaves no "Location detection failed" behind),
// while the toast that confirms a dialog's outcome outlives it.
const raisedIn = new Map<string, Element>();

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD': {
      const toasts = [action.toast, ...state.toasts];
      toasts.slice(TOAST_LIMIT).forEach((t) => raisedIn.delete(t.id));
      return { toasts: toasts.slice(0, TOAST_LIMIT) };
    }
    case 'UPDATE':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS': {
      const { id } = action;
      if (id) queueRemoval(id);
      else state.toasts.forEach((t) => queueRemoval(t.id));
      return {
        toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE':
      if (action.id === undefined) {
        raisedIn.clear();
        return { toasts: [] };
      }
      raisedIn.delete(action.id);
      return { toasts: state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

function openDialog(): Element | null {
  if (typeof document === 'undefined') return null;
  const open = document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return open.length ? open[open.length - 1]! : null;
}

/** Dismisses the toasts raised in `dialog` (called as it closes). */
export function endToastsOf(dialog: Element | null) {
  if (!dialog) return;
  for (const [id, scope] of raisedIn) {
    if (scope !== dialog) continue;
    raisedIn.delete(id);
    dispatch({ type: 'DISMISS', id });
  }
}

/** A dialog panel's ref: the toasts raised in it end as it leaves the page. */
export function endsItsToasts(node: Element | null) {
  return () => endToastsOf(node);
}

/** Raises a toast. Returns handles to update or dismiss it. */
export function toast({ endsWithDialog = false, ...input }: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'DISMISS', id });
  const scope = endsWithDialog ? openDialog() : null;
  if (scope) raisedIn.set(id, scope);
  dispatch({
    type: 'ADD',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return {
    id,
    dismiss,
    update: (next: Partial<ToastInput>) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: 'DISMISS', id });
}

/** Clears every toast and pending timer (tests). */
export function resetToasts() {
  removeTimeouts.forEach((t) => clearTimeout(t));
  removeTimeouts.clear();
  dispatch({ type: 'REMOVE' });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
