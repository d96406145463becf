import type { AdminAiResponse, AnalysisPart, AnalysisThresholds } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of /admin/ai; each starts with its API path. */
export const aiKeys = {
  all: ['/api/admin/ai'] as const,
};

export function fetchAdminAi(): Promise<AdminAiResponse> {
  return apiRequest<AdminAiResponse>('GET', '/api/admin/ai');
}

/** Switches one analysis on or off; the page asks for the whole again afterwards. */
export function putAiPart(name: AnalysisPart, enabled: boolean): Promise<unknown> {
  return apiRequest<unknown>('PUT', `/api/admin/ai/parts/${encodeURIComponent(name)}`, { enabled });
}

export function putAiThresholds(body: AnalysisThresholds): Promise<AdminAiResponse> {
  return apiRequest<AdminAiResponse>('PUT', '/api/admin/ai/thresholds', body);
}

/** Starts analysing the approved plates posted before analysis existed (this instance). */
export function startAiBackfill(): Promise<AdminAiResponse> {
  return apiRequest<AdminAiResponse>('POST', '/api/admin/ai/backfill');
}

/** Stops this instance's analysis of earlier plates after the plate in hand. */
export function stopAiBackfill(): Promise<AdminAiResponse> {
  return apiRequest<AdminAiResponse>('DELETE', '/api/admin/ai/backfill');
}
