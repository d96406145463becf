import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../../components/ui/avatar';
import { displayNameOf, type AuthUser } from '../../features/auth';

export function UserAvatar({ user, className }: { user: AuthUser; className?: string }) {
  const name = displayNameOf(user);
  return (
    <Avatar className={className}>
      {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
      <AvatarFallback>{initialsOf(name)}</AvatarFallback>
    </Avatar>
  );
}
