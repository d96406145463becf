import { ChevronDown, Hourglass, UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/utils';
import { useFollow, type FollowTarget } from '../hooks/use-follow';

interface FollowButtonProps {
  target: FollowTarget;
  /** The person's name, for the accessible labels ("Follow Bo Baker"). */
  name: string;
  size?: 'default' | 'sm';
  className?: string;
}

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

  const following = target.followState === 'following';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          size={size}
          variant={following ? 'secondary' : 'outline'}
          className={cn(className)}
          aria-label={following ? `Following ${name}` : `Requested, follow request sent to ${name}`}
        >
          {following ? <UserCheck aria-hidden="true" /> : <Hourglass aria-hidden="true" />}
          {following ? 'Following' : 'Requested'}
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => toggle(target)}>
          {following ? 'Unfollow' : 'Cancel request'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
