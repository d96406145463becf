import { useEffect, useEffectEvent } from 'react';

export interface ReviewKeyHandlers {
  next: () => void;
  previous: () => void;
  approve: () => void;
  reject: () => void;
}

const KEYS: Record<string, keyof ReviewKeyHandlers> = { j: 'next', k: 'previous', a: 'approve', r: 'reject' };

/** Typing somewhere: a field, a select, an editable region. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** A dialog or menu is open over the page (Radix renders them only while open). */
function somethingOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * The review queue's keys: j / k move, a approves, r rejects. Ignored while typing, with a
 * modifier (so browser and screen reader shortcuts keep working), while a dialog is open, and
 * when `enabled` is false.
 */
export function useReviewKeys(handlers: ReviewKeyHandlers, enabled: boolean) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const action = KEYS[event.key];
    if (!action || isTyping(event.target) || somethingOpen()) return;
    // holding a key down must not approve plate after plate
    if (event.repeat && (action === 'approve' || action === 'reject')) return;
    event.preventDefault();
    handlers[action]();
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
