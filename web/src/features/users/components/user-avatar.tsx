import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../../../components/ui/avatar';

export function nameOf(person: { username: string; displayName: string | null }): string {
  return person.displayName?.trim() || person.username;
}

/** The photo, or the first letters of the name (document 2 §2). */
export function UserAvatar({
  person,
  className,
}: {
  person: { username: string; displayName: string | null; profileImage: string | null };
  className?: string;
}) {
  return (
    <Avatar className={className}>
      {person.profileImage ? <AvatarImage src={person.profileImage} alt="" /> : null}
      <AvatarFallback>{initialsOf(nameOf(person))}</AvatarFallback>
    </Avatar>
  );
}
