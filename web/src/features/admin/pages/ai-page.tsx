import { Camera, Lightbulb, ShieldQuestion, Sparkles, Utensils } from 'lucide-react';
import { PageHeading } from '../components/query-states';

/** What the photo analysis will add to this page, part by part (the settings in `ai_settings`). */
export const AI_PARTS = [
  {
    icon: Lightbulb,
    title: 'Photo quality tips',
    text: 'A score from 0 to 100 for each photo, with tips for the cook: too dark, overexposed, blurry, dull colours, a subject too small in the frame.',
  },
  {
    icon: Utensils,
    title: 'Food detection',
    text: 'Whether the photo shows food at all, and what is on the plate, so that a photo of something else can be caught before review.',
  },
  {
    icon: Camera,
    title: 'Cuisine suggestions',
    text: 'Up to three of the sixteen cuisines, best first, offered to the cook while they upload.',
  },
  {
    icon: ShieldQuestion,
    title: 'Hold unsafe photos',
    text: 'Photos that look unsafe for the community held for a moderator instead of going to the queue as usual.',
  },
] as const;

/**
 * /admin/ai: the photo analysis is not built yet (its own issue). Until it is, the page says what
 * it will hold, and shows no control that would do nothing.
 */
export default function AiPage() {
  return (
    <div className="grid gap-4">
      <PageHeading icon={Sparkles} title="Photo analysis">
        Not switched on yet: this page will hold its settings once photo analysis arrives. Each part can then be turned on or off
        here, and plates already posted keep working either way.
      </PageHeading>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="What photo analysis will do">
        {AI_PARTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="grid gap-1.5 rounded-2xl border bg-card p-4">
            <h2 className="flex items-center gap-2 font-semibold">
              <Icon className="size-5 text-primary" aria-hidden="true" />
              {title}
            </h2>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
