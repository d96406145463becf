import type { Author } from '@plates/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { AuthorAvatar, AuthorBadges, authorName } from '../../../components/author/author-line';
import { useAuth } from '../../auth';
import { cn } from '../../../lib/utils';

type Person = Pick<Author, 'id' | 'username' | 'displayName' | 'profileImage' | 'isAdmin'> &
  Partial<Pick<Author, 'isVerified' | 'verifiedType'>>;

/** Where a member's name leads in the admin area: their record for those who manage members, else their profile. */
export function useMemberHref(): (id: number) => string {
  const { permissions } = useAuth();
  return permissions.includes('manage_users') ? (id) => `/admin/users/${id}` : (id) => `/profile/${id}`;
}

/** Avatar, name with badges and @username; `children` below the name (a record, a date). */
export function PersonLine({ person, avatarClass = 'size-10', children }: { person: Person; avatarClass?: string; children?: ReactNode }) {
  const href = useMemberHref()(person.id);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <AuthorAvatar author={person} className={avatarClass} />
      </Link>
      <div className="grid min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
          <Link to={href} className="truncate rounded-sm hover:text-primary hover:underline hover:underline-offset-4">
            {authorName(person)}
          </Link>
          <AuthorBadges author={person} showLevel={false} />
        </p>
        <p className="truncate text-xs text-muted-foreground">@{person.username}</p>
        {children}
      </div>
    </div>
  );
}

const STATUS_VARIANT: Record<string, 'success' | 'warning' | 'outline' | 'secondary'> = {
  active: 'success',
  suspended: 'warning',
  deactivated: 'outline',
  restricted: 'secondary',
  awaiting_approval: 'warning',
};

/** A member's account status as a chip ("Active", "Suspended", ...). */
export function StatusChip({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'outline'} className={cn('capitalize', className)}>
      {status.replace(/_/g, ' ')}
    </Badge>
  );
}
