import { LEVELS } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
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

/** The live part of /how-it-works, below its text: what each action earns now, and the levels. */
function PointsAndLevels() {
  return (
    <>
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
    </>
  );
}

/** /how-it-works : posting and rating (staff's text, or the built-in one), then points and levels. */
export default function HowItWorksPage() {
  return <CommunityPage type="how_it_works" footer={<PointsAndLevels />} />;
}
