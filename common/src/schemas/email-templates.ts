import { z } from 'zod';

/**
 * Email templates (issue 16, /admin/email-templates; decision record 0033): the mails Plates sends
 * as editable templates with `{{variable}}` placeholders. The defaults live in the server's code;
 * a saved template overrides its default until it is reverted.
 */

export const EMAIL_TEMPLATE_NAMES = ['verify_email', 'reset_password', 'strike', 'appeal_outcome', 'announcement'] as const;
export const EmailTemplateName = z.enum(EMAIL_TEMPLATE_NAMES);
export type EmailTemplateName = z.infer<typeof EmailTemplateName>;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 50_000;
/** Test mails an admin may send themselves per window. */
export const EMAIL_TEST_LIMIT = { max: 5, windowMs: 10 * 60_000 };

export const EMAIL_TEMPLATE_MESSAGES = {
  notFound: 'Email template not found',
  subjectRequired: 'A subject is required',
  subjectTooLong: `Subject cannot exceed ${EMAIL_SUBJECT_MAX} characters`,
  subjectOneLine: 'The subject must be one line',
  htmlRequired: 'The HTML version is required',
  htmlTooLong: `The HTML version cannot exceed ${EMAIL_BODY_MAX} characters`,
  textRequired: 'The text version is required',
  textTooLong: `The text version cannot exceed ${EMAIL_BODY_MAX} characters`,
  stale: 'Someone saved this template meanwhile. Reload it to see their version.',
  rateLimited: 'Too many test mails. Please try again in a few minutes.',
  testSent: 'Test mail sent to your address.',
  noAddress: 'Your account has no email address to send a test to.',
  reverted: 'Template reverted to the default.',
  unknownVariable: (name: string) => `Unknown variable {{${name}}}: this template does not declare it`,
  missingVariable: (name: string) => `This version must use {{${name}}}`,
  unsafeTag: (tag: string) => `The tag <${tag}> is not allowed in an email`,
  unsafeAttribute: (attribute: string) => `The attribute ${attribute} is not allowed in an email`,
  unsafeUrl: (attribute: string) => `The ${attribute} link must be http, https or mailto (or {{link}})`,
  unsafeStyle: 'Styles cannot load URLs or run expressions',
  unsafeComment: 'Comments cannot hold markup',
} as const;

/** The three parts of a template, as an admin writes them. */
export const EmailTemplateDraft = z.object({
  subject: z
    .string()
    .trim()
    .min(1, EMAIL_TEMPLATE_MESSAGES.subjectRequired)
    .max(EMAIL_SUBJECT_MAX, EMAIL_TEMPLATE_MESSAGES.subjectTooLong)
    .refine((s) => !/[\r\n]/.test(s), EMAIL_TEMPLATE_MESSAGES.subjectOneLine),
  html: z.string().trim().min(1, EMAIL_TEMPLATE_MESSAGES.htmlRequired).max(EMAIL_BODY_MAX, EMAIL_TEMPLATE_MESSAGES.htmlTooLong),
  text: z.string().trim().min(1, EMAIL_TEMPLATE_MESSAGES.textRequired).max(EMAIL_BODY_MAX, EMAIL_TEMPLATE_MESSAGES.textTooLong),
});
export type EmailTemplateDraft = z.infer<typeof EmailTemplateDraft>;

/** `PUT /api/admin/email-templates/{name}`: the draft, and the version the admin edited (0: the default). */
export const EmailTemplateBody = EmailTemplateDraft.extend({ baseVersion: z.number().int().min(0) });
export type EmailTemplateBody = z.input<typeof EmailTemplateBody>;

/** `POST …/{name}/test`: a draft to send, or nothing to send the saved template. */
export const EmailTestBody = z.object({ draft: EmailTemplateDraft.optional() });
export type EmailTestBody = z.input<typeof EmailTestBody>;

export const EmailTemplateParams = z.object({ name: EmailTemplateName });

export const EmailTemplateVariableDto = z.object({
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  /** A required variable must appear in both the HTML and the text version. */
  required: z.boolean(),
});
export type EmailTemplateVariableDto = z.infer<typeof EmailTemplateVariableDto>;

const Editor = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const EmailTemplateSummaryDto = z.object({
  name: EmailTemplateName,
  label: z.string(),
  description: z.string(),
  /** A saved version differs from the default. */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: Editor,
});
export type EmailTemplateSummaryDto = z.infer<typeof EmailTemplateSummaryDto>;

export const EmailTemplatesResponse = z.object({ templates: z.array(EmailTemplateSummaryDto) });
export type EmailTemplatesResponse = z.infer<typeof EmailTemplatesResponse>;

/** One template: what is in use (the saved version, or the default), the default, and its variables. */
export const EmailTemplateDto = EmailTemplateSummaryDto.extend({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** What a save must name as `baseVersion` (0 while no version is saved). */
  version: z.number().int(),
  variables: z.array(EmailTemplateVariableDto),
  defaults: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});
export type EmailTemplateDto = z.infer<typeof EmailTemplateDto>;

export const EmailTemplateIssue = z.object({ field: z.enum(['subject', 'html', 'text']), message: z.string() });
export type EmailTemplateIssue = z.infer<typeof EmailTemplateIssue>;

/** `POST …/{name}/preview`: the draft rendered with the sample values, and what a save would refuse. */
export const EmailPreviewResponse = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  issues: z.array(EmailTemplateIssue),
});
export type EmailPreviewResponse = z.infer<typeof EmailPreviewResponse>;

export const EmailTestResponse = z.object({ message: z.string(), to: z.string() });
export type EmailTestResponse = z.infer<typeof EmailTestResponse>;
