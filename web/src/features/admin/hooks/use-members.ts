import type { RoleGrantBody, RoleGrantDto, UserActionBody, UserActionResponse } from '@plates/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { actOnMember, fetchMember, fetchMembers, grantRole, revokeRole } from '../api/admin-api';
import { adminKeys, type MembersFilter } from '../api/keys';

export function useMembers(filter: MembersFilter) {
  return useQuery({ queryKey: adminKeys.members(filter), queryFn: () => fetchMembers(filter), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useMember(id: number) {
  return useQuery({ queryKey: adminKeys.member(id), queryFn: () => fetchMember(id), staleTime: 0 });
}

/**
 * The directory and every record (they share a path), the log, and the queues showing owners'
 * strikes. A deleted member's record is dropped, not asked again (it would answer 404).
 */
function afterMemberChange(queryClient: QueryClient, deletedId?: number) {
  if (deletedId !== undefined) queryClient.removeQueries({ queryKey: adminKeys.member(deletedId), exact: true });
  for (const queryKey of [adminKeys.membersAll, adminKeys.auditAll, adminKeys.reportsAll, adminKeys.appealsAll]) {
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => deletedId === undefined || query.queryKey[1] !== deletedId,
    });
  }
}

/**
 * Warn, restrict, suspend, unsuspend, sign out everywhere, verify, unverify, or approve or reject a
 * sign-up (which deletes the account): the server's message as a toast.
 */
export function useMemberAction(userId: number, { onDone }: { onDone?: (body: UserActionBody) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<UserActionResponse, ApiError, UserActionBody>({
    mutationFn: (body) => actOnMember(userId, body),
    onSuccess: (answer, body) => {
      toast({ variant: 'success', title: answer.message });
      onDone?.(body);
      afterMemberChange(queryClient, body.action === 'reject' ? userId : undefined);
    },
  });
}

export function useGrantRole(userId: number, { onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<RoleGrantDto, ApiError, RoleGrantBody>({
    mutationFn: (body) => grantRole(userId, body),
    onSuccess: (grant) => {
      toast({ variant: 'success', title: 'Role granted', description: `${grant.role}: ${grant.permissions.length} permissions.` });
      afterMemberChange(queryClient);
      onDone?.();
    },
  });
}

export function useRevokeRole(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<RoleGrantDto, ApiError, RoleGrantDto>({
    mutationFn: (grant) => revokeRole(userId, grant.id),
    onSuccess: (grant) => {
      toast({ title: 'Role revoked', description: `The ${grant.role} role no longer applies.` });
      afterMemberChange(queryClient);
    },
    onError: (error) => toast({ variant: 'destructive', title: error.title, description: error.message }),
  });
}
