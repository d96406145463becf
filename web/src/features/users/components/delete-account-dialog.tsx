import { LoaderCircle } from 'lucide-react';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDeleteAccount } from '../hooks/use-account';

interface DeleteAccountDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Permanent deletion: confirmed only by typing the username exactly. */
export function DeleteAccountDialog({ username, open, onOpenChange }: DeleteAccountDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const matches = typed.trim() === username;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !deletion.isPending) deletion.mutate();
  };

  return (
    <AlertPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (deletion.isPending) return;
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertPrimitive.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-xl">
          <AlertPrimitive.Title className="text-lg font-semibold">Delete your account?</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            This is permanent. Your profile, plates, ratings, comments and followers are deleted and cannot be brought
            back.
          </AlertPrimitive.Description>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-confirm`}>
                Type <span className="font-mono font-semibold">{username}</span> to confirm
              </Label>
              <Input
                id={`${id}-confirm`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertPrimitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={deletion.isPending}>
                Cancel
              </AlertPrimitive.Cancel>
              <Button type="submit" variant="destructive" disabled={!matches || deletion.isPending}>
                {deletion.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {deletion.isPending ? 'Deleting...' : 'Delete Account'}
              </Button>
            </div>
          </form>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
