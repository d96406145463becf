import { CHAT_REACTIONS, type ReactionSummary } from '@plates/common';
import { SmilePlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { cn } from '../../../lib/utils';


const countLabel = (count: number) => `${count} ${count === 1 ? 'reaction' : 'reactions'}`;

interface ReactionPickerProps {
  /** Who the message is from, for the button's name ("React to Bo Baker's message"). */
  label: string;
  onPick: (emoji: string) => void;
  className?: string;
}

/**
 * The smile-plus button beside a bubble and its compact picker. On a mouse it shows on hover or
 * focus; on touch screens (no fine pointer) it is always there, as a small button.
 */
export function ReactionPicker({ label, onPick, className }: ReactionPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={`React to ${label}`}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-opacity hover:bg-accent hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent data-[state=open]:opacity-100 pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100',
          className,
        )}
      >
        <SmilePlus className="size-4" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 rounded-full border bg-popover p-1 text-popover-foreground shadow-md outline-none"
        >
          <div role="group" aria-label="Pick a reaction" className="flex gap-0.5">
            {CHAT_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={`React with ${emoji}`}
                onClick={() => {
                  onPick(emoji);
                  setOpen(false);
                }}
                className="inline-flex size-9 items-center justify-center rounded-full text-lg transition-transform hover:scale-110 hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {emoji}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

interface ReactionChipsProps {
  reactions: readonly ReactionSummary[];
  me: number | null;
  onToggle: (emoji: string) => void;
}

/** The reactions under a bubble: one chip per emoji with its count; the viewer's own is pressed. */
export function ReactionChips({ reactions, me, onToggle }: ReactionChipsProps) {
  if (reactions.length === 0) return null;
  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1">
      {reactions.map((r) => {
        const mine = me !== null && r.userIds.includes(me);
        return (
          <li key={r.emoji}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${r.emoji} ${countLabel(r.count)}`}
              onClick={() => onToggle(r.emoji)}
              className={cn(
                'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs font-medium tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                mine
                  ? 'border-primary/60 bg-primary/15 text-foreground hover:bg-primary/25'
                  : 'border-border bg-background text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              <span aria-hidden="true">{r.emoji}</span>
              <span aria-hidden="true">{r.count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
