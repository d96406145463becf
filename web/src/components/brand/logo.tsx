import { cn } from '../../lib/utils';

/** The Plates mark: a plate seen from above. Decorative; the word beside it carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <circle cx="32" cy="32" r="30" fill="#c2410c" />
      <circle cx="32" cy="32" r="22" fill="#fff7ed" />
      <circle cx="32" cy="32" r="15" fill="#fed7aa" />
      <path d="M24 30c2-5 7-7 11-5 4 1 6 5 4 9-2 5-8 6-12 4-3-2-4-5-3-8z" fill="#ea580c" />
      <circle cx="28" cy="29" r="2.2" fill="#65a30d" />
      <circle cx="36" cy="34" r="2" fill="#65a30d" />
      <circle cx="33" cy="27" r="1.6" fill="#fde047" />
    </svg>
  );
}

export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className={markClassName} />
      <span className="font-display text-xl font-extrabold tracking-tight">Plates</span>
    </span>
  );
}
