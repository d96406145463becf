import type { BulkBatchesResponse, BulkPreviewBody, BulkPreviewResponse, BulkRunBody, BulkRunResponse, BulkUndoResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of /admin/bulk-ops; each starts with its API path. */
export const bulkKeys = {
  batches: ['/api/admin/bulk-ops'] as const,
};

export function previewBulk(body: BulkPreviewBody): Promise<BulkPreviewResponse> {
  return apiRequest<BulkPreviewResponse>('POST', '/api/admin/bulk-ops/preview', body);
}

export function runBulk(body: BulkRunBody): Promise<BulkRunResponse> {
  return apiRequest<BulkRunResponse>('POST', '/api/admin/bulk-ops', body);
}

export function fetchBulkBatches(cursor?: string): Promise<BulkBatchesResponse> {
  return apiRequest<BulkBatchesResponse>('GET', `/api/admin/bulk-ops${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`);
}

export function undoBulk(id: number): Promise<BulkUndoResponse> {
  return apiRequest<BulkUndoResponse>('POST', `/api/admin/bulk-ops/${id}/undo`);
}
