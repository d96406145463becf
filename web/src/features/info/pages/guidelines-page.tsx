import { CommunityPage } from '../components/community-page';

/** The guidelines the community starts with, until staff write their own on /admin/content. */
function BuiltInGuidelines() {
  return (
    <article className="grid gap-5 leading-relaxed">
      <h1 className="font-display text-3xl font-bold tracking-tight">Community guidelines</h1>
      <p>Plates is for sharing food you made or loved. A few rules keep it a kind place for every cook.</p>
      <ul className="grid list-disc gap-1.5 pl-6">
        <li>Post your own photos of food, with a title that says what is on the plate.</li>
        <li>Rate the plate, not the cook: be honest and be kind in comments and chats.</li>
        <li>No spam, advertising, hate, harassment or explicit content.</li>
        <li>Respect other people’s work: do not post photos you have no right to share.</li>
      </ul>
      <p>When something breaks these rules, report it: the team reviews every report.</p>
    </article>
  );
}

/** /guidelines : the community guidelines (linked from the report dialog). */
export default function GuidelinesPage() {
  return <CommunityPage type="guidelines" fallback={<BuiltInGuidelines />} />;
}
