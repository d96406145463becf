import type { ChatMessageDto } from '@plates/common';
import type { ThreadPages } from './chat-cache';

/** The thread oldest first, each message once (pages refetched by polling may overlap). */
export function flattenThread(data: ThreadPages | undefined): ChatMessageDto[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: ChatMessageDto[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}
