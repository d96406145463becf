import { ChevronDown, Hourglass, UserCheck, UserPlus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { deferred, DeferredMenu } from '../../../components/ui/deferred-menu';
import { cn } from '../../../lib/utils';
import { useFollow, type FollowTarget } from '../hooks/use-follow';

interface FollowButtonProps {
  target: FollowTarget;
  /** The person's name, for the accessible labels ("Follow Bo Baker"). */
  name: string;
  size?: 'default' | 'sm';
  className?: string;
}

// The Unfollow / Cancel request menu (a Radix menu) loads after the first paint or on first intent.
const followMenu = deferred(() => import('./follow-menu'));

/**
 * Follow / Request to follow (private profile) / Requested / Following. "Following" and
 * "Requested" open a small menu with Unfollow or Cancel request, so one slip never unfollows.
 */
export function FollowButton({ target, name, size = 'default', className }: FollowButtonProps) {
  const toggle = useFollow();

  if (target.followState === 'none') {
    const label = target.isPrivate ? 'Request to follow' : 'Follow';
    return (
      <Button size={size} className={className} aria-label={`${label} ${name}`} onClick={() => toggle(target)}>
        <UserPlus aria-hidden="true" />
        {label}
      </Button>
    );
  }

  const button = { following: target.followState === 'following', name, size, className };
  return (
    <DeferredMenu
      module={followMenu}
      trigger={(intent) => <FollowingButton {...button} {...intent} />}
      render={(m, open) => (
        <m.FollowMenu
          defaultOpen={open}
          trigger={<FollowingButton {...button} />}
          action={button.following ? 'Unfollow' : 'Cancel request'}
          onAction={() => toggle(target)}
        />
      )}
    />
  );
}

/** "Following" or "Requested": the menu's trigger, and its stand-in until the menu has loaded. */
export function FollowingButton({
  following,
  name,
  className,
  ...props
}: { following: boolean; name: string } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      className={cn(className)}
      aria-label={following ? `Following ${name}` : `Requested, follow request sent to ${name}`}
      {...props}
    >
      {following ? <UserCheck aria-hidden="true" /> : <Hourglass aria-hidden="true" />}
      {following ? 'Following' : 'Requested'}
      <ChevronDown aria-hidden="true" className="opacity-60" />
    </Button>
  );
}
