import { DEFAULT_ROLES, ROLE_NAMES, RoleGrantBody, type DefaultRole } from '@plates/common';
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
import { FieldError, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useAuth } from '../../auth';
import { useGrantRole } from '../hooks/use-members';
import { humanize } from '../lib/labels';

/** Grant a role, with its default permissions or fewer, and an end if it should have one. */
export function RoleGrantDialog({ userId, username, open, onOpenChange }: { userId: number; username: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Grant a role to @{username}</DialogTitle>
          <DialogDescription>A role gives its permissions in the admin area. Narrow it to fewer permissions, or let it end on a date.</DialogDescription>
        </DialogHeader>
        {open ? <GrantForm userId={userId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GrantForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const id = useId();
  const { permissions: mine } = useAuth();
  const [role, setRole] = useState<DefaultRole>('moderator');
  const defaults: readonly string[] = DEFAULT_ROLES[role];
  // Nobody grants what they lack: those permissions start unticked and stay so.
  const grantable = defaults.filter((p) => mine.includes(p));
  const [chosen, setChosen] = useState<string[]>(grantable);
  const [expires, setExpires] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantRole(userId, { onDone });

  const pickRole = (next: DefaultRole) => {
    setRole(next);
    setChosen(DEFAULT_ROLES[next].filter((p) => mine.includes(p)));
    setError(null);
  };
  const toggle = (permission: string, on: boolean) => {
    setChosen((list) => (on ? [...list, permission] : list.filter((p) => p !== permission)));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one permission.');
      return;
    }
    const narrower = chosen.length < defaults.length;
    const parsed = RoleGrantBody.safeParse({
      role,
      ...(narrower ? { permissions: defaults.filter((p) => chosen.includes(p)) } : {}),
      ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    grant.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Grant a role">
      <FormError>{grant.error?.message}</FormError>
      <FormField label="Role">
        <Select value={role} onChange={(e) => pickRole(e.target.value as DefaultRole)}>
          {ROLE_NAMES.map((name) => (
            <option key={name} value={name}>
              {humanize(name)}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="grid gap-1" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Permissions</legend>
        <div className="grid max-h-56 gap-x-4 overflow-y-auto sm:grid-cols-2">
          {defaults.map((permission) => {
            const allowed = mine.includes(permission);
            return (
              <label key={permission} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(permission)}
                  disabled={!allowed}
                  onChange={(e) => toggle(permission, e.target.checked)}
                />
                {humanize(permission)}
                {allowed ? null : <span className="text-xs text-muted-foreground">(not yours to give)</span>}
              </label>
            );
          })}
        </div>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </fieldset>
      <FormField label="Ends (optional)" hint="Leave empty for a role that lasts until revoked.">
        <Input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </FormField>
      <FormField label="Reason (optional)">
        <Textarea rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? 'Granting...' : 'Grant role'}
        </Button>
      </DialogFooter>
    </form>
  );
}
