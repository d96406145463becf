import { CommunityPage } from '../components/community-page';

/** /guidelines : the community guidelines (linked from the report dialog). */
export default function GuidelinesPage() {
  return <CommunityPage type="guidelines" />;
}
