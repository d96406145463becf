import { LEVELS } from '@plates/common';
import { CommunityPage } from '../components/community-page';

/** How many points each action earns (the server's point rules). */
export const POINT_RULES = [
  { action: 'Your plate is approved', points: 100 },
  { action: 'Someone rates your plate', points: 10 },
  { action: 'You rate someone else’s plate', points: 5 },
  { action: 'You comment on a plate (once per plate)', points: 5 },
  { action: 'Someone follows you', points: 20 },
] as const;

/** /how-it-works : posting, rating, points and levels. */
function BuiltInHowItWorks() {
  return (
    <article className="grid gap-6 leading-relaxed">
      <h1 className="font-display text-3xl font-bold tracking-tight">How it works</h1>
      <section className="grid gap-2" aria-labelledby="posting">
        <h2 id="posting" className="text-xl font-semibold">Posting a plate</h2>
        <ol className="grid list-decimal gap-1.5 pl-6">
          <li>Choose Upload Plate, pick a photo (up to 5MB) and give it a title of 3 to 50 characters.</li>
          <li>Add a description, the place, the cuisines and a short description of the photo for people using screen readers if you like.</li>
          <li>An admin checks the plate; once approved, everyone can see it in the feed.</li>
        </ol>
      </section>
      <section className="grid gap-2" aria-labelledby="rating">
        <h2 id="rating" className="text-xl font-semibold">Rating and comments</h2>
        <p>
          Rate any plate but your own from one to five stars; you can change your rating later. The average and
          the number of ratings show on every plate. Comments, replies and hearts keep the conversation going.
        </p>
      </section>
      <section className="grid gap-3" aria-labelledby="points">
        <h2 id="points" className="text-xl font-semibold">Points</h2>
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Points per action</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">Action</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">Points</th>
              </tr>
            </thead>
            <tbody>
              {POINT_RULES.map((rule) => (
                <tr key={rule.action} className="border-t">
                  <td className="px-4 py-2">{rule.action}</td>
                  <td className="px-4 py-2 text-right font-semibold tabular-nums">+{rule.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="grid gap-3" aria-labelledby="levels">
        <h2 id="levels" className="text-xl font-semibold">Cooking levels</h2>
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Levels and the points they need</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">Level</th>
                <th scope="col" className="px-4 py-2 font-semibold">Name</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">Points needed</th>
              </tr>
            </thead>
            <tbody>
              {LEVELS.map((level) => (
                <tr key={level.level} className="border-t">
                  <td className="px-4 py-2 tabular-nums">{level.level}</td>
                  <td className="px-4 py-2 font-medium">{level.name}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{level.minPoints.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}

/** The stored page from /admin/content when there is one, else the built-in text above. */
export default function HowItWorksPage() {
  return <CommunityPage type="how_it_works" fallback={<BuiltInHowItWorks />} />;
}
