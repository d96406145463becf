import { LEVELS } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { useSite } from '../../../lib/site';
import { fetchPointRules, POINT_RULES_KEY } from '../api/content-api';
import { CommunityPage } from '../components/community-page';

/** How each rule's action reads here; a rule this page does not know shows its own description. */
export const ACTION_LABELS: Record<string, string> = {
  post_approved: 'Your plate is approved',
  rating_received: 'Someone rates your plate',
  rating_given: 'You rate someone else’s plate',
  comment_given: 'You comment on a plate (once per plate)',
  follow_received: 'Someone follows you',
};

/** The points table, from the point rules as the admins set them now (/admin/point-system). */
function PointsTable() {
  const rules = useQuery({ queryKey: POINT_RULES_KEY, queryFn: fetchPointRules, staleTime: 60_000 });
  if (rules.isPending) return <p className="text-sm text-muted-foreground">Loading the points…</p>;
  if (rules.isError) return <p className="text-sm text-muted-foreground">The points could not be loaded. Please try again later.</p>;
  return (
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
          {rules.data.map((rule) => (
            <tr key={rule.actionType} className="border-t">
              <td className="px-4 py-2">
                {ACTION_LABELS[rule.actionType] ?? rule.description ?? rule.actionType}
                {rule.dailyCap !== null ? <span className="text-muted-foreground"> (up to {rule.dailyCap.toLocaleString('en')} a day)</span> : null}
              </td>
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{rule.points > 0 ? `+${rule.points}` : rule.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /how-it-works : posting, rating, points and levels. */
function BuiltInHowItWorks() {
  const maxMb = Math.round(useSite().maxUploadBytes / (1024 * 1024));
  return (
    <article className="grid gap-6 leading-relaxed">
      <h1 className="font-display text-3xl font-bold tracking-tight">How it works</h1>
      <section className="grid gap-2" aria-labelledby="posting">
        <h2 id="posting" className="text-xl font-semibold">Posting a plate</h2>
        <ol className="grid list-decimal gap-1.5 pl-6">
          <li>Choose Upload Plate, pick a photo (up to {maxMb}MB) and give it a title of 3 to 50 characters.</li>
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
        <PointsTable />
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
