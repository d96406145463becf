import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

/** The small menu behind "Following" / "Requested" (FollowButton): Unfollow or Cancel request. */
export function FollowMenu({
  trigger,
  action,
  onAction,
  defaultOpen = false,
}: {
  trigger: ReactNode;
  action: string;
  onAction: () => void;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={onAction}>
          {action}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
