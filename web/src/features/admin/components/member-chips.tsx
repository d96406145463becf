import type { AdminUserSummary } from '@plates/common';
import { Badge } from '../../../components/ui/badge';
import { formatFullDate } from '../../../lib/format-time';
import { StatusChip } from './person';

/** A member's standing as chips: the account status, a restriction, strikes and roles. */
export function MemberChips({ member, showRoles = true }: { member: AdminUserSummary; showRoles?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusChip status={member.accountStatus} />
      {member.accountStatus === 'suspended' && member.suspendedUntil ? (
        <Badge variant="outline">until {formatFullDate(member.suspendedUntil)}</Badge>
      ) : null}
      {member.restricted ? (
        <Badge variant="secondary">{member.restrictedUntil ? `Restricted until ${formatFullDate(member.restrictedUntil)}` : 'Restricted'}</Badge>
      ) : null}
      {member.totalStrikes > 0 ? (
        <Badge variant={member.activeStrikes > 0 ? 'warning' : 'outline'}>
          {member.totalStrikes === 1 ? '1 strike' : `${member.totalStrikes} strikes`}
          {member.activeStrikes > 0 && member.activeStrikes !== member.totalStrikes ? `, ${member.activeStrikes} in force` : ''}
        </Badge>
      ) : null}
      {showRoles
        ? member.roles.map((role) => (
            <Badge key={role} className="capitalize">
              {role}
            </Badge>
          ))
        : null}
    </div>
  );
}
