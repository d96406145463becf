import type { NotificationActor } from '@plates/common';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '../../../components/author/verified-badge';

/** Where the actor's name (as the server wrote it: display name, else username) starts in `text`, with its length. */
function findName(text: string, actor: NotificationActor): { at: number; length: number } | null {
  for (const name of [actor.displayName?.trim(), actor.username]) {
    if (!name) continue;
    const at = text.indexOf(name);
    if (at !== -1) return { at, length: name.length };
  }
  return null;
}

/**
 * A notification's title and message with the actor's badge right after their name ("New message
 * from Marta ✓"): once, in the title when the name is there, else in the message. Text without
 * the name, or a notification without an actor or a badge, is shown as it is.
 */
export function actorTexts(n: { title: string; message: string; actor: NotificationActor | null }): { title: ReactNode; message: ReactNode } {
  const actor = n.actor;
  if (!actor?.isVerified) return { title: n.title, message: n.message };
  const mark = (text: string): ReactNode | null => {
    const found = findName(text, actor);
    if (!found) return null;
    const end = found.at + found.length;
    return (
      <>
        {text.slice(0, end)}
        <VerifiedBadge person={actor} className="mx-0.5 inline-block size-3.5 align-[-0.125em]" />
        {text.slice(end)}
      </>
    );
  };
  const title = mark(n.title);
  if (title !== null) return { title, message: n.message };
  return { title: n.title, message: mark(n.message) ?? n.message };
}
