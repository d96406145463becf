import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CommunityPage } from '../components/community-page';

/** /about : what Plates is, in plain words (staff's text, or the built-in one), and where to go next. */
export default function AboutPage() {
  return (
    <CommunityPage
      type="about"
      footer={
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/how-it-works">How it works</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to the feed</Link>
          </Button>
        </div>
      }
    />
  );
}
