import { LogIn } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { signInPath } from '../lib/return-to';

interface SignInPromptProps {
  open: boolean;
  /** What the visitor tried, in the spec's words ("Please log in to save this plate"). */
  description: string;
  /** The page to come back to after signing in. */
  returnTo: string;
  onOpenChange: (open: boolean) => void;
}

/** "Authentication required": a way forward for a visitor, Sign In or Join Now, and back here after. */
export default function SignInPrompt({ open, description, returnTo, onOpenChange }: SignInPromptProps) {
  // No Dialog.Trigger opens it (a Save, a star, a heart does), so the focus goes back by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-sm"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-full bg-accent text-primary">
            <LogIn className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Authentication required</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild size="lg">
            <Link to={signInPath(returnTo)}>Sign In</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={signInPath(returnTo, 'join')}>Join Now</Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
