import type {
  AdjustmentBody,
  AdjustmentResponse,
  LedgerResponse,
  PointRuleDto,
  PointRulePatch,
  PointRulesResponse,
  PointsMembersResponse,
  RecomputeResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** The ledger's filters as the page holds them. */
export interface LedgerFilter {
  ruleId?: number;
  manual?: boolean;
  from?: string;
  to?: string;
}

/** Query keys of /admin/point-system; each starts with its API path. */
export const pointKeys = {
  rules: ['/api/admin/points/rules'] as const,
  /** Members found and their ledgers: an adjustment or a recompute changes both. */
  membersAll: ['/api/admin/points/members'] as const,
  search: (q: string) => [...pointKeys.membersAll, 'search', q] as const,
  ledger: (memberId: number, filter: LedgerFilter) => [...pointKeys.membersAll, 'ledger', memberId, filter] as const,
  /** Other features' data that shows points (by their API paths): the leaderboard, people's profiles. */
  leaderboard: ['/api/leaderboard'] as const,
  people: ['/api/users'] as const,
  person: (id: number) => [...pointKeys.people, id] as const,
};

export function fetchPointRules(): Promise<PointRulesResponse> {
  return apiRequest<PointRulesResponse>('GET', '/api/admin/points/rules');
}

export function patchPointRule(id: number, patch: PointRulePatch): Promise<PointRuleDto> {
  return apiRequest<PointRuleDto>('PATCH', `/api/admin/points/rules/${id}`, patch);
}

export function searchPointsMembers(q: string): Promise<PointsMembersResponse> {
  return apiRequest<PointsMembersResponse>('GET', `/api/admin/points/members?${new URLSearchParams({ q })}`);
}

export function fetchLedger(memberId: number, filter: LedgerFilter, cursor?: string): Promise<LedgerResponse> {
  const params = new URLSearchParams({ limit: '25' });
  if (filter.ruleId !== undefined) params.set('ruleId', String(filter.ruleId));
  if (filter.manual !== undefined) params.set('manual', String(filter.manual));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<LedgerResponse>('GET', `/api/admin/points/members/${memberId}/ledger?${params}`);
}

export function adjustPoints(memberId: number, body: AdjustmentBody): Promise<AdjustmentResponse> {
  return apiRequest<AdjustmentResponse>('POST', `/api/admin/points/members/${memberId}/adjustments`, body);
}

export function recomputePoints(): Promise<RecomputeResponse> {
  return apiRequest<RecomputeResponse>('POST', '/api/admin/points/recompute');
}
