import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCommunityContentDto,
  AdminCommunityContentResponse,
  CommunityContentBody,
  CommunityContentParams,
  CommunityContentResponse,
  CommunityVersionsQuery,
  CommunityVersionsResponse,
  RestoreCommunityContentBody,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { CommunityContentService } from './community-content.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The community pages: read by everyone, written and restored by manage_content. */
export function communityContentRoutes(options: { content: CommunityContentService }) {
  const { content } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/content/:type',
      {
        schema: {
          tags: ['content'],
          summary: 'A community page (about, how_it_works, guidelines) as Markdown, or null when none was written',
          params: CommunityContentParams,
          response: { 200: CommunityContentResponse, ...errors },
        },
      },
      async (request) => content.get(request.params.type),
    );

    r.get(
      '/api/admin/community-content',
      {
        schema: { tags: ['admin'], summary: 'Each community page with its stored version, or null', response: { 200: AdminCommunityContentResponse, ...errors } },
        config: { permission: 'manage_content' },
      },
      async () => content.adminList(),
    );

    r.put(
      '/api/admin/community-content/:type',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save a community page as its next version (409 when it was saved since baseVersion)',
          params: CommunityContentParams,
          body: CommunityContentBody,
          response: { 200: AdminCommunityContentDto, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => content.save(staffOf(request), request.params.type, request.body, metaOf(request)),
    );

    r.get(
      '/api/admin/community-content/:type/versions',
      {
        schema: {
          tags: ['admin'],
          summary: "A community page's earlier versions, newest first",
          params: CommunityContentParams,
          querystring: CommunityVersionsQuery,
          response: { 200: CommunityVersionsResponse, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => content.versions(request.params.type, request.query.cursor),
    );

    r.post(
      '/api/admin/community-content/:type/restore',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save an earlier version as the next one',
          params: CommunityContentParams,
          body: RestoreCommunityContentBody,
          response: { 200: AdminCommunityContentDto, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => content.restore(staffOf(request), request.params.type, request.body.version, metaOf(request)),
    );
  };
}
