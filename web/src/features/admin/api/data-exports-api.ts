import type { AdminDataExportsResponse, DataExportActionResponse, DataExportStatus } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of the "Data requests" tab of /admin/users: the queue, by status filter. */
export const adminDataExportKeys = {
  all: ['/api/admin/data-exports'] as const,
  list: (status: DataExportStatus | null) => ['/api/admin/data-exports', status ?? 'all'] as const,
};

export function fetchDataExports(status: DataExportStatus | null, cursor: string | null): Promise<AdminDataExportsResponse> {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return apiRequest<AdminDataExportsResponse>('GET', `/api/admin/data-exports${text ? `?${text}` : ''}`);
}

export function retryDataExport(id: number): Promise<DataExportActionResponse> {
  return apiRequest<DataExportActionResponse>('POST', `/api/admin/data-exports/${id}/retry`);
}
