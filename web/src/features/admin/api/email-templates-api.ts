import type {
  EmailPreviewResponse,
  EmailTemplateBody,
  EmailTemplateDraft,
  EmailTemplateDto,
  EmailTemplateName,
  EmailTemplatesResponse,
  EmailTestResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of /admin/email-templates; each starts with its API path. */
export const emailTemplateKeys = {
  all: ['/api/admin/email-templates'] as const,
  one: (name: EmailTemplateName) => [...emailTemplateKeys.all, name] as const,
  preview: (name: EmailTemplateName, draft: EmailTemplateDraft) => [...emailTemplateKeys.all, name, 'preview', draft] as const,
};

const path = (name: EmailTemplateName, action = '') => `/api/admin/email-templates/${name}${action}`;

export function fetchEmailTemplates(): Promise<EmailTemplatesResponse> {
  return apiRequest<EmailTemplatesResponse>('GET', '/api/admin/email-templates');
}

export function fetchEmailTemplate(name: EmailTemplateName): Promise<EmailTemplateDto> {
  return apiRequest<EmailTemplateDto>('GET', path(name));
}

export function saveEmailTemplate(name: EmailTemplateName, body: EmailTemplateBody): Promise<EmailTemplateDto> {
  return apiRequest<EmailTemplateDto>('PUT', path(name), body);
}

export function previewEmailTemplate(name: EmailTemplateName, draft: EmailTemplateDraft): Promise<EmailPreviewResponse> {
  return apiRequest<EmailPreviewResponse>('POST', path(name, '/preview'), draft);
}

export function sendTestEmail(name: EmailTemplateName, draft: EmailTemplateDraft): Promise<EmailTestResponse> {
  return apiRequest<EmailTestResponse>('POST', path(name, '/test'), { draft });
}

export function revertEmailTemplate(name: EmailTemplateName): Promise<EmailTemplateDto> {
  return apiRequest<EmailTemplateDto>('POST', path(name, '/revert'), {});
}
