import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAudit } from '../api/admin-api';
import { adminKeys, type AuditFilter } from '../api/keys';

/** One page (50 entries) of the audit log, newest first; the last page stays while the next loads. */
export function useAuditLog(filter: AuditFilter) {
  return useQuery({ queryKey: adminKeys.audit(filter), queryFn: () => fetchAudit(filter), placeholderData: keepPreviousData, staleTime: 0 });
}
