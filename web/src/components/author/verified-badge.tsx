/**
 * The verified tick beside a member's name, wherever a name shows (issue 13). Its own small module
 * (an icon and a label), so chat, search and the header can show it without the author line's
 * level names and links.
 */
import type { BadgeFields, VerifiedType } from '@plates/common';
import { BadgeCheck } from 'lucide-react';
import { cn } from '../../lib/utils';

const VERIFIED_COLOUR: Record<VerifiedType, string> = {
  blue: 'text-sky-500',
  gold: 'text-amber-500',
  business: 'text-slate-500 dark:text-slate-300',
};

/** What a screen reader says for the badge: "Verified", or "Verified business" for a restaurant or shop. */
export function verifiedLabel(type: VerifiedType | null | undefined): string {
  return type === 'business' ? 'Verified business' : 'Verified';
}

/** The name with its badge in words, for an element whose accessible name is set by `aria-label`. */
export function nameWithBadge(name: string, person: BadgeFields): string {
  return person.isVerified ? `${name}, ${verifiedLabel(person.verifiedType).toLowerCase()}` : name;
}

/**
 * The tick, or nothing for a member who is not verified. It is an image named "Verified" (or
 * "Verified business"); `decorative` hides it from screen readers where the accessible name
 * around it already says so (an `aria-label` built with `nameWithBadge`), so it is not heard twice.
 */
export function VerifiedBadge({ person, decorative = false, className }: { person: BadgeFields; decorative?: boolean; className?: string }) {
  if (!person.isVerified) return null;
  const type = person.verifiedType ?? 'blue';
  const classes = cn('size-4 shrink-0', VERIFIED_COLOUR[type], className);
  return decorative ? (
    <BadgeCheck aria-hidden="true" data-verified={type} className={classes} />
  ) : (
    <BadgeCheck role="img" aria-label={verifiedLabel(type)} data-verified={type} className={classes} />
  );
}
