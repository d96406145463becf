import type { SettingDto, SettingsResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const settingsKeys = {
  all: ['/api/admin/settings'] as const,
};

export function fetchSettings(): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>('GET', '/api/admin/settings');
}

export function putSetting(key: string, value: unknown): Promise<SettingDto> {
  return apiRequest<SettingDto>('PUT', `/api/admin/settings/${encodeURIComponent(key)}`, { value });
}
