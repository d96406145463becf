import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEST_LIMIT,
  EmailPreviewResponse,
  EmailTemplateBody,
  EmailTemplateDraft,
  EmailTemplateDto,
  EmailTemplateParams,
  EmailTemplatesResponse,
  EmailTestBody,
  EmailTestResponse,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { limited, perMember, type RateLimitStore } from '../../plugins/rate-limits.js';
import { staffOf } from '../admin/permissions.js';
import type { EmailTemplates } from './email-templates.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const config = { permission: 'manage_email_templates' } as const;

/** /admin/email-templates' API (manage_email_templates): the templates, saving, preview, test mail, revert. */
export function emailTemplatesRoutes(options: { templates: EmailTemplates; store: RateLimitStore; testLimit?: { max: number; windowMs: number } }) {
  const { templates, store } = options;
  const limit = options.testLimit ?? EMAIL_TEST_LIMIT;
  const testLimit = limited(store, EMAIL_TEMPLATE_MESSAGES.rateLimited, [perMember('email-template-test', limit.max, limit.windowMs)]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/email-templates',
      { schema: { tags: ['admin'], summary: 'The five mail templates, each saying whether a saved version overrides its default', response: { 200: EmailTemplatesResponse, ...errors } }, config },
      async () => templates.list(),
    );

    r.get(
      '/api/admin/email-templates/:name',
      {
        schema: {
          tags: ['admin'],
          summary: 'One template: the version in use, the default, and the declared variables with sample values',
          params: EmailTemplateParams,
          response: { 200: EmailTemplateDto, ...errors },
        },
        config,
      },
      async (request) => templates.get(request.params.name),
    );

    r.put(
      '/api/admin/email-templates/:name',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save subject, HTML and text (unknown variables, a missing required one and unsafe HTML are refused; 409 when saved meanwhile)',
          params: EmailTemplateParams,
          body: EmailTemplateBody,
          response: { 200: EmailTemplateDto, ...errors },
        },
        config,
      },
      async (request) => templates.save(staffOf(request), request.params.name, request.body, metaOf(request)),
    );

    r.post(
      '/api/admin/email-templates/:name/preview',
      {
        schema: {
          tags: ['admin'],
          summary: 'Render a draft with the sample values and say what a save would refuse; nothing is saved',
          params: EmailTemplateParams,
          body: EmailTemplateDraft,
          response: { 200: EmailPreviewResponse, ...errors },
        },
        // Asked while the admin types: not a write, so it does not use up the admin write limit.
        config: { ...config, changes: false },
      },
      async (request) => templates.preview(request.params.name, request.body),
    );

    r.post(
      '/api/admin/email-templates/:name/test',
      {
        schema: {
          tags: ['admin'],
          summary: "Send the draft (or the template in use) with sample values to the admin's own address",
          params: EmailTemplateParams,
          body: EmailTestBody,
          response: { 200: EmailTestResponse, ...errors },
        },
        config,
        preHandler: testLimit,
      },
      async (request) => templates.test(staffOf(request), request.params.name, request.body.draft),
    );

    r.post(
      '/api/admin/email-templates/:name/revert',
      {
        schema: {
          tags: ['admin'],
          summary: 'Back to the default wording (the saved version stays in the audit log)',
          params: EmailTemplateParams,
          response: { 200: EmailTemplateDto, ...errors },
        },
        config,
      },
      async (request) => templates.revert(staffOf(request), request.params.name, metaOf(request)),
    );
  };
}
