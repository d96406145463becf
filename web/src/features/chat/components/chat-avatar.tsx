import type { ChatUser } from '@plates/common';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../../../components/ui/avatar';
import { cn } from '../../../lib/utils';

export const chatName = (u: Pick<ChatUser, 'displayName' | 'username'>) => u.displayName?.trim() || u.username;

/** Photo or initials, with the green online dot. */
export function ChatAvatar({ user, online, className }: { user: ChatUser; online?: boolean; className?: string }) {
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <Avatar className="size-10" aria-hidden="true">
        {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
        <AvatarFallback>{initialsOf(chatName(user))}</AvatarFallback>
      </Avatar>
      {online ? (
        <span
          data-testid="online-dot"
          className="absolute bottom-0 right-0 size-3 rounded-full border-2 border-background bg-emerald-500"
        >
          <span className="sr-only">Online</span>
        </span>
      ) : null}
    </span>
  );
}
