import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CommunityPage } from '../components/community-page';

/** /about : what Plates is, in plain words. */
function BuiltInAbout() {
  return (
    <article className="grid gap-5 leading-relaxed">
      <h1 className="font-display text-3xl font-bold tracking-tight">About Plates</h1>
      <p>
        Plates is a place to share photos of the dishes you cook and the plates you love, and to see what other
        cooks are making. Every plate can be rated from one to five stars, talked about in the comments, saved for
        later and shared with friends.
      </p>
      <h2 className="text-xl font-semibold">What you can do</h2>
      <ul className="grid list-disc gap-1.5 pl-6">
        <li>Browse the feed, the top rated plates and the leaderboard, with or without an account.</li>
        <li>With an account: upload plates, rate other people’s plates (never your own), comment and reply, like comments, save plates and report anything that breaks the rules.</li>
        <li>Earn points as you take part and climb ten cooking levels, from Fresh Cook to Culinary God.</li>
      </ul>
      <h2 className="text-xl font-semibold">Keeping it friendly</h2>
      <p>
        New plates are checked by an admin before everyone can see them; until then they show as “Awaiting
        approval” to the person who posted them. Reports go to the same team, who review each one.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/how-it-works">How it works</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go to the feed</Link>
        </Button>
      </div>
    </article>
  );
}

/** The stored page from /admin/content when there is one, else the built-in text above. */
export default function AboutPage() {
  return <CommunityPage type="about" fallback={<BuiltInAbout />} />;
}
