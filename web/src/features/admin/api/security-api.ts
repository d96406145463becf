import type {
  EmailDomainBlockBody,
  EmailDomainBlockDto,
  EmailDomainBlocksResponse,
  IpBlockBody,
  IpBlockDto,
  IpBlocksResponse,
  SecurityEventDto,
  SecurityEventsPage,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** The filters of /admin/security, as the page keeps them in its URL. */
export interface SecurityEventFilters {
  type: string;
  severity: string;
  resolved: string;
  userId: string;
  ip: string;
  page: number;
}

export const securityKeys = {
  ipBlocks: ['/api/admin/ip-blocks'] as const,
  emailDomains: ['/api/admin/email-domain-blocks'] as const,
  eventsAll: ['/api/admin/security-events'] as const,
  events: (filters: SecurityEventFilters) => [...securityKeys.eventsAll, filters] as const,
};

export function fetchIpBlocks(): Promise<IpBlocksResponse> {
  return apiRequest<IpBlocksResponse>('GET', '/api/admin/ip-blocks');
}

export function createIpBlock(body: IpBlockBody): Promise<IpBlockDto> {
  return apiRequest<IpBlockDto>('POST', '/api/admin/ip-blocks', body);
}

export function removeIpBlock(id: number, reason: string): Promise<IpBlockDto> {
  const query = reason ? `?reason=${encodeURIComponent(reason)}` : '';
  return apiRequest<IpBlockDto>('DELETE', `/api/admin/ip-blocks/${id}${query}`);
}

export function fetchEmailDomainBlocks(): Promise<EmailDomainBlocksResponse> {
  return apiRequest<EmailDomainBlocksResponse>('GET', '/api/admin/email-domain-blocks');
}

export function createEmailDomainBlock(body: EmailDomainBlockBody): Promise<EmailDomainBlockDto> {
  return apiRequest<EmailDomainBlockDto>('POST', '/api/admin/email-domain-blocks', body);
}

export function removeEmailDomainBlock(id: number): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/email-domain-blocks/${id}`);
}

export function fetchSecurityEvents(filters: SecurityEventFilters): Promise<SecurityEventsPage> {
  const query = new URLSearchParams();
  for (const key of ['type', 'severity', 'resolved', 'userId', 'ip'] as const) {
    if (filters[key]) query.set(key, filters[key]);
  }
  if (filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return apiRequest<SecurityEventsPage>('GET', `/api/admin/security-events${search ? `?${search}` : ''}`);
}

export function resolveSecurityEvent(id: number): Promise<SecurityEventDto> {
  return apiRequest<SecurityEventDto>('POST', `/api/admin/security-events/${id}/resolve`, {});
}
