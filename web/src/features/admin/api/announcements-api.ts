import type { AdminAnnouncementDto, AdminAnnouncementsResponse, AnnouncementBody, AnnouncementPatch } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const adminAnnouncementKeys = {
  all: ['/api/admin/announcements'] as const,
};

export function fetchAdminAnnouncements(): Promise<AdminAnnouncementsResponse> {
  return apiRequest<AdminAnnouncementsResponse>('GET', '/api/admin/announcements');
}

export function createAnnouncement(body: AnnouncementBody): Promise<AdminAnnouncementDto> {
  return apiRequest<AdminAnnouncementDto>('POST', '/api/admin/announcements', body);
}

export function patchAnnouncement(id: number, patch: AnnouncementPatch): Promise<AdminAnnouncementDto> {
  return apiRequest<AdminAnnouncementDto>('PATCH', `/api/admin/announcements/${id}`, patch);
}

export function deleteAnnouncement(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/admin/announcements/${id}`);
}
