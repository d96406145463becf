import { Camera, Sparkles, Trophy, Users } from 'lucide-react';
import type { ComponentType } from 'react';

interface Feature {
  title: string;
  text: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** Shown as "coming soon": the feature is not built yet and must not look finished. */
  soon?: boolean;
}

const FEATURES: readonly Feature[] = [
  { title: 'Share Dishes', text: 'Post photos of the plates you cook and love.', icon: Camera },
  {
    title: 'Photo Analysis',
    text: 'Instant photo analysis: a quality score with tips before you post.',
    icon: Sparkles,
  },
  { title: 'Join Community', text: 'Follow cooks, rate plates and comment.', icon: Users },
  { title: 'Earn Points', text: 'Level up your cooking as you share and rate.', icon: Trophy },
];

/** The four advertised features of the sign-in page (document 1 §1). */
export function AuthFeatures() {
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label="What you can do on Plates">
      {FEATURES.map(({ title, text, icon: Icon, soon }) => (
        <li
          key={title}
          className="rounded-xl border border-white/15 bg-black/35 p-3 text-white backdrop-blur-md sm:p-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-white/15">
              <Icon className="size-4" aria-hidden />
            </span>
            <span className="font-semibold">{title}</span>
            {soon ? (
              <span className="rounded-full bg-amber-300 px-2 py-0.5 text-[0.7rem] font-bold uppercase tracking-wide text-amber-950">
                Coming soon
              </span>
            ) : null}
          </div>
          <p className="mt-1.5 text-xs leading-snug text-white/85 sm:text-sm">{text}</p>
        </li>
      ))}
    </ul>
  );
}
