import type { IpBlockDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { removeIpBlock, securityKeys } from '../api/security-api';
import { blockTypeLabel } from './ip-block-form';

const TYPE_STYLE: Record<IpBlockDto['blockType'], string> = {
  no_access: 'bg-destructive/15 text-destructive',
  sign_up_block: 'bg-warning/25 text-warning-foreground dark:text-warning',
  sign_up_requires_approval: 'bg-secondary text-secondary-foreground',
};

/** " by admin ✓" after "Blocked" or "Removed": the staff member's name with their badge. */
function By({ person }: { person: IpBlockDto['blockedBy'] }) {
  if (!person) return null;
  return (
    <>
      {' '}by {person.username}
      <VerifiedBadge person={person} className="ml-0.5 inline-block size-3.5 align-[-0.125em]" />
    </>
  );
}

function BlockRow({ block, onRemove }: { block: IpBlockDto; onRemove?: (block: IpBlockDto) => void }) {
  return (
    <li className="grid gap-2 rounded-2xl border bg-card p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all font-mono text-sm font-semibold">{block.ipAddress}</span>
          <Badge className={cn(TYPE_STYLE[block.blockType])}>{blockTypeLabel(block.blockType)}</Badge>
          {block.status === 'expired' ? <Badge variant="outline">Expired</Badge> : null}
          {block.status === 'removed' ? <Badge variant="outline">Removed</Badge> : null}
        </div>
        {block.reason ? <p className="text-sm">{block.reason}</p> : null}
        <p className="text-xs text-muted-foreground">
          Blocked
          <By person={block.blockedBy} /> on <time dateTime={block.createdAt}>{formatFullDate(block.createdAt)}</time>
          {' · '}
          {block.expiresAt ? (
            <>
              {block.status === 'expired' ? 'expired' : 'expires'} <time dateTime={block.expiresAt}>{formatFullDate(block.expiresAt)}</time>
            </>
          ) : (
            'no expiry'
          )}
        </p>
        {block.status === 'removed' && block.removedAt ? (
          <p className="text-xs text-muted-foreground">
            Removed
            <By person={block.removedBy} /> on{' '}
            <time dateTime={block.removedAt}>{formatFullDate(block.removedAt)}</time>
            {block.removeReason ? `: ${block.removeReason}` : ''}
          </p>
        ) : null}
      </div>
      {onRemove ? (
        <Button variant="outline" size="sm" className="h-11 justify-self-start" onClick={() => onRemove(block)} aria-label={`Remove block on ${block.ipAddress}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** The blocks: those in force first (each removable with a reason), then the recent history. */
export function IpBlockList({ blocks }: { blocks: IpBlockDto[] }) {
  const [removing, setRemoving] = useState<IpBlockDto | null>(null);
  const live = blocks.filter((b) => b.status === 'active');
  const ended = blocks.filter((b) => b.status !== 'active');
  return (
    <div className="grid gap-6">
      <section aria-labelledby="ip-blocks-active" className="grid gap-3">
        <h2 id="ip-blocks-active" className="text-lg font-semibold">
          Blocks in force ({live.length})
        </h2>
        {live.length === 0 ? (
          <p className="rounded-2xl border border-dashed bg-card px-6 py-8 text-center font-medium">No addresses are blocked.</p>
        ) : (
          <ul className="grid gap-2">
            {live.map((block) => (
              <BlockRow key={block.id} block={block} onRemove={setRemoving} />
            ))}
          </ul>
        )}
      </section>
      {ended.length > 0 ? (
        <section aria-labelledby="ip-blocks-history" className="grid gap-3">
          <h2 id="ip-blocks-history" className="text-lg font-semibold">
            Expired and removed (last 90 days)
          </h2>
          <ul className="grid gap-2">
            {ended.map((block) => (
              // an expired block is still a row in force until removed (or the address blocked again)
              <BlockRow key={block.id} block={block} onRemove={block.status === 'expired' ? setRemoving : undefined} />
            ))}
          </ul>
        </section>
      ) : null}
      <RemoveDialog block={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function RemoveDialog({ block, onClose }: { block: IpBlockDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const id = useId();
  const remove = useMutation<IpBlockDto, ApiError, { block: IpBlockDto; reason: string }>({
    mutationFn: ({ block: b, reason: r }) => removeIpBlock(b.id, r),
    onSuccess: (_answer, { block: b }) => {
      toast({ title: 'Block removed', description: `${b.ipAddress} is no longer blocked.` });
      setReason('');
      onClose();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Failed to remove the block: ${error.message}` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.ipBlocks }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (block) remove.mutate({ block, reason: reason.trim() });
  };
  return (
    <Dialog open={block !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove block</DialogTitle>
          <DialogDescription>
            {block ? `${block.ipAddress} is let in again at once. The block stays in the history.` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Remove block">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
            <Textarea id={`${id}-reason`} rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove block'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
