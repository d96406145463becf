import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';
import { useBlockUser } from '../hooks/use-block';

/** Same bound as the server's BlockBody. */
export const BLOCK_REASON_MAX = 500;

interface BlockDialogProps {
  userId: number;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Block @name?": what blocking does, an optional reason (document 2 §5) and the confirmation. */
export function BlockDialog({ userId, username, open, onOpenChange }: BlockDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {open ? <BlockForm userId={userId} username={username} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BlockForm({ userId, username, onDone }: { userId: number; username: string; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const block = useBlockUser({ onBlocked: onDone });
  const tooLong = reason.trim().length > BLOCK_REASON_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    block.mutate({ id: userId, reason });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Block @{username}?</DialogTitle>
        <DialogDescription>
          They will not be able to see your plates or message you, their plates leave your feed, and earlier
          conversations are hidden. You can unblock them in Settings.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Block @${username}`}>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Only you can see this"
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-error` : undefined}
          />
          <p className={cn('justify-self-end text-xs tabular-nums text-muted-foreground', tooLong && 'font-semibold text-destructive')}>
            {reason.trim().length}/{BLOCK_REASON_MAX}
          </p>
          <FieldError id={`${id}-error`}>{tooLong ? `Reason cannot exceed ${BLOCK_REASON_MAX} characters` : null}</FieldError>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={block.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={block.isPending || tooLong}>
            {block.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {block.isPending ? 'Blocking...' : 'Block'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
