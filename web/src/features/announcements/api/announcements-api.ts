import type { AnnouncementsResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const announcementKeys = {
  all: ['/api/announcements'] as const,
  /** A member's list is their own (audiences, dismissals); visitors share one. */
  forViewer: (userId: number | null) => ['/api/announcements', userId ?? 'visitor'] as const,
};

export function fetchAnnouncements(): Promise<AnnouncementsResponse> {
  return apiRequest<AnnouncementsResponse>('GET', '/api/announcements');
}

export function dismissAnnouncement(id: number): Promise<void> {
  return apiRequest<void>('POST', `/api/announcements/${id}/dismiss`);
}

/** Visitors dismiss for the tab's session only (the server knows nothing of them). */
const SESSION_KEY = 'dismissed_announcements';

export function sessionDismissed(): number[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function dismissForSession(id: number): number[] {
  const ids = [...new Set([...sessionDismissed(), id])];
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: dismissed on this page only.
  }
  return ids;
}
