import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingBody, SettingDto, SettingKeyParams, SettingsResponse } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { SettingsService } from './settings.service.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/** /admin/settings: every setting with its value and bounds, and one key's change (manage_settings). */
export function settingsRoutes(options: { settings: SettingsService }) {
  const { settings } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every setting: its value (stored or default), default and bounds',
          response: { 200: SettingsResponse, ...errors },
        },
        config: { permission: 'manage_settings' },
      },
      async () => ({ settings: settings.list() }),
    );

    r.put(
      '/api/admin/settings/:key',
      {
        schema: {
          tags: ['admin'],
          summary: 'Change one setting; checked against its type and bounds, applies from the next request on every instance',
          params: SettingKeyParams,
          body: SettingBody,
          response: { 200: SettingDto, ...errors },
        },
        config: { permission: 'manage_settings' },
      },
      async (request) => settings.update(staffOf(request), request.params.key, request.body.value, metaOf(request)),
    );
  };
}
