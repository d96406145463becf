import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">
        We looked in every pot and pan, but this page is not on the menu.
      </p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
