import {
  EMAIL_TEMPLATE_MESSAGES,
  EmailTemplateName as EmailTemplateNameSchema,
  type EmailPreviewResponse,
  type EmailTemplateDraft,
  type EmailTemplateDto,
  type EmailTemplateName,
  type EmailTemplateSummaryDto,
  type EmailTestResponse,
} from '@plates/common';
import { z } from 'zod';
import type { EmailTemplateBody } from '@plates/common';
import type { EmailTemplate } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { noJobMarks, type JobMarks } from '../../lib/job-marks.js';
import type { Jobs } from '../../lib/jobs.js';
import { renderTemplate, type Mailer, type MailMessage } from '../../lib/mailer.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { ReloadChannel } from '../content-filters/reload-channel.js';
import { TEMPLATES, definitionOf, samplesOf, type TemplateDefinition } from './email-templates.registry.js';
import type { EmailTemplatesRepository } from './email-templates.repository.js';
import { draftIssues } from './template-safety.js';

export interface EmailTemplatesDeps {
  repo: EmailTemplatesRepository;
  audit: Audit;
  mailer: Mailer;
  jobs: Jobs;
  /** Tells the other instances to read the templates again after a save or revert (Redis). */
  channel?: ReloadChannel;
  /** The site's name at the time of sending (the admin's `site_name` setting); 'Plates' without one. */
  appName?: () => string;
  /** "Sent" marks, so a mail job rerun after a crash sends nothing (none in service tests). */
  marks?: JobMarks;
  /** The first retry's wait (doubling after); MAIL_BACKOFF_MS unless a test needs it short. */
  mailBackoffMs?: number;
}

/** Who a queued mail is for and what it is about: the job's key (one mail per recipient and object) and its summary. */
export interface MailAbout {
  /** The recipient's member id, for the dead-letter list (never the address). */
  userId: number | null;
  /** What the mail is about, e.g. `strike:12` or a token's hash: two mails about one object are one. */
  object: string;
}

const About = { userId: z.number().int().positive().nullable(), object: z.string().min(1).max(200) };
const TemplateMailJob = z.object({ template: EmailTemplateNameSchema, to: z.string().min(3).max(320), values: z.record(z.string(), z.string()), ...About });
const MessageMailJob = z.object({
  to: z.string().min(3).max(320),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  ...About,
});
const MAIL_ATTEMPTS = 5;
/** 10 s, 20 s, 40 s, 80 s: a relay that hiccups gets two and a half minutes. */
const MAIL_BACKOFF_MS = 10_000;
const memberOf = (userId: number | null) => (userId === null ? 'a visitor' : `member #${userId}`);

/** The audit rows' target type of a template; the target id is the stored row's. */
export const EMAIL_TEMPLATE_AUDIT_TARGET = 'email_template';

type Parts = EmailTemplateDraft;
type Row = { template: EmailTemplate; editor: { id: number; username: string } | null };

const partsOf = (row: EmailTemplate): Parts => ({ subject: row.subject, html: row.htmlTemplate, text: row.textTemplate });
const same = (a: Parts, b: Parts) => a.subject.trim() === b.subject.trim() && a.html.trim() === b.html.trim() && a.text.trim() === b.text.trim();
/** What an audit row keeps of a version: all of it (the row is overwritten by the next save). */
const snapshot = (row: EmailTemplate) => ({ ...partsOf(row), version: row.version, isActive: row.isActive });

function render(parts: Parts, values: Record<string, string>): Parts {
  return {
    subject: renderTemplate(parts.subject, values, false),
    html: renderTemplate(parts.html, values, true),
    text: renderTemplate(parts.text, values, false),
  };
}

/**
 * The mails Plates sends, as templates (issue 16, decision record 0033). Every sender renders
 * through `send`, which reads the stored template (an active row overrides the default in
 * the registry). The stored rows are kept in memory per instance, dropped on a save or revert here
 * and, through the reload channel, on the other instances.
 */
export function createEmailTemplates(deps: EmailTemplatesDeps) {
  const { repo, audit, mailer, jobs, channel } = deps;
  const appName = deps.appName ?? (() => 'Plates');
  const marks = deps.marks ?? noJobMarks;

  // Mail goes through the queue: retried with back-off, dead-lettered, sent at most once per run.
  const templateMail = jobs.define({
    kind: 'mail:template',
    payload: TemplateMailJob,
    attempts: MAIL_ATTEMPTS,
    backoffMs: deps.mailBackoffMs ?? MAIL_BACKOFF_MS,
    key: (p) => `${p.template}\0${p.to}\0${p.object}`,
    summary: (p) => `${p.template} to ${memberOf(p.userId)}`,
    handler: (p, run) => marks.once('mail:template', run.runKey, async () => mailer.send(await mail(p.template, p.to, p.values))),
  });
  const messageMail = jobs.define({
    kind: 'mail:message',
    payload: MessageMailJob,
    attempts: MAIL_ATTEMPTS,
    backoffMs: deps.mailBackoffMs ?? MAIL_BACKOFF_MS,
    key: (p) => `${p.to}\0${p.object}`,
    summary: (p) => `"${p.subject.slice(0, 60)}" to ${memberOf(p.userId)}`,
    handler: (p, run) => marks.once('mail:message', run.runKey, () => mailer.send({ to: p.to, subject: p.subject, text: p.text, html: p.html })),
  });
  let cache: Promise<Map<string, Row>> | null = null;

  function rows(): Promise<Map<string, Row>> {
    cache ??= repo.allWithEditors().then(
      (found) => new Map(found.map((row) => [row.template.name, row])),
      (error: unknown) => {
        cache = null;
        throw error;
      },
    );
    return cache;
  }

  /** Drops this instance's copy and tells the others to drop theirs. */
  function changed(): void {
    cache = null;
    if (channel) jobs.run('email-templates:publish', () => channel.publish());
  }

  /** The parts in use: the active stored row, or the default. */
  async function inUse(definition: TemplateDefinition): Promise<{ parts: Parts; row: Row | undefined }> {
    const row = (await rows()).get(definition.name);
    return { parts: row?.template.isActive ? partsOf(row.template) : definition, row };
  }

  function summary(definition: TemplateDefinition, row: Row | undefined): EmailTemplateSummaryDto {
    return {
      name: definition.name,
      label: definition.label,
      description: definition.description,
      customised: Boolean(row?.template.isActive && !same(partsOf(row.template), definition)),
      updatedAt: row ? row.template.updatedAt.toISOString() : null,
      updatedBy: row?.editor ?? null,
    };
  }

  /** The mail `name` rendered for one recipient; `values` without `appName` get the site's. */
  async function mail(name: EmailTemplateName, to: string, values: Record<string, string>): Promise<MailMessage> {
    const { parts } = await inUse(definitionOf(name));
    return { ...render(parts, { appName: appName(), ...values }), to };
  }

  async function detail(name: EmailTemplateName): Promise<EmailTemplateDto> {
    const definition = definitionOf(name);
    const { parts, row } = await inUse(definition);
    return {
      ...summary(definition, row),
      ...parts,
      version: row?.template.version ?? 0,
      variables: definition.variables,
      defaults: { subject: definition.subject, html: definition.html, text: definition.text },
    };
  }

  function refuseUnsafe(definition: TemplateDefinition, draft: Parts): void {
    const [issue] = draftIssues(definition, draft);
    if (issue) throw new AppError('VALIDATION_ERROR', issue.message, issue.field);
  }

  /** Writes `next` (or, with null, switches the stored row off) and audits it as `action`. */
  async function write(
    staff: Staff,
    name: EmailTemplateName,
    next: Parts | null,
    baseVersion: number | undefined,
    action: string,
    meta: RequestMeta,
  ): Promise<void> {
    const definition = definitionOf(name);
    const wrote = await repo.transaction(async (tx) => {
      const before = await repo.lock(name, tx);
      if (baseVersion !== undefined && baseVersion !== (before?.version ?? 0)) {
        throw new AppError('CONFLICT', EMAIL_TEMPLATE_MESSAGES.stale);
      }
      if (next === null ? !before?.isActive : before?.isActive && same(partsOf(before), next)) return false;
      const values = next
        ? { subject: next.subject, htmlTemplate: next.html, textTemplate: next.text, isActive: true }
        : { isActive: false };
      const row = before
        ? await repo.update(before.id, { ...values, version: before.version + 1, updatedBy: staff.id, updatedAt: new Date() }, tx)
        : await repo.insert(
            {
              name,
              subject: next!.subject,
              htmlTemplate: next!.html,
              textTemplate: next!.text,
              variables: definition.variables.map((v) => v.name),
              description: definition.description,
              updatedBy: staff.id,
            },
            tx,
          );
      await audit.record(
        {
          staff,
          action,
          target: { type: EMAIL_TEMPLATE_AUDIT_TARGET, id: row.id, label: name },
          before: before ? snapshot(before) : null,
          after: snapshot(row),
          meta,
        },
        tx,
      );
      return true;
    });
    if (wrote) changed();
  }

  return {
    /** Reads the templates again when another instance saved one. */
    async listen(): Promise<void> {
      await channel?.subscribe(() => {
        cache = null;
      });
    },

    render: mail,

    /** Queues the template `name` for `to` (rendered when the job runs, with the template then in use). */
    queue(name: EmailTemplateName, to: string, values: Record<string, string>, about: MailAbout): void {
      templateMail.enqueue({ template: name, to, values, ...about });
    },

    /** Queues a mail written by the caller (moderation's free-text notices). */
    queueMessage(message: MailMessage, about: MailAbout): void {
      messageMail.enqueue({ to: message.to, subject: message.subject, text: message.text, html: message.html, ...about });
    },

    /** Renders and sends now (the admin's test mail, and the queue's own handler). */
    async send(name: EmailTemplateName, to: string, values: Record<string, string>): Promise<void> {
      await mailer.send(await mail(name, to, values));
    },

    async list(): Promise<{ templates: EmailTemplateSummaryDto[] }> {
      const stored = await rows();
      return { templates: TEMPLATES.map((definition) => summary(definition, stored.get(definition.name))) };
    },

    get: detail,

    /** Saves a version (refused when it is unsafe, or someone saved since `baseVersion`); the same text again changes nothing. */
    async save(staff: Staff, name: EmailTemplateName, body: z.output<typeof EmailTemplateBody>, meta: RequestMeta): Promise<EmailTemplateDto> {
      const draft = { subject: body.subject, html: body.html, text: body.text };
      refuseUnsafe(definitionOf(name), draft);
      await write(staff, name, draft, body.baseVersion, 'email_template_updated', meta);
      return detail(name);
    },

    /** Back to the default: the stored row is switched off (kept, with its version, for the audit trail). */
    async revert(staff: Staff, name: EmailTemplateName, meta: RequestMeta): Promise<EmailTemplateDto> {
      await write(staff, name, null, undefined, 'email_template_reverted', meta);
      return detail(name);
    },

    /** The draft rendered with the sample values, and what a save of it would refuse; nothing is saved. */
    preview(name: EmailTemplateName, draft: Parts): EmailPreviewResponse {
      const definition = definitionOf(name);
      const { subject, html, text } = render(draft, samplesOf(definition));
      return { subject, html, text, issues: draftIssues(definition, draft) };
    },

    /** Sends the draft (checked as a save would be) or the template in use, with sample values, to the admin. */
    async test(staff: Staff, name: EmailTemplateName, draft: Parts | undefined): Promise<EmailTestResponse> {
      const definition = definitionOf(name);
      if (draft) refuseUnsafe(definition, draft);
      const parts = draft ?? (await inUse(definition)).parts;
      const address = await repo.addressOf(staff.id);
      if (!address?.email) throw new AppError('BAD_REQUEST', EMAIL_TEMPLATE_MESSAGES.noAddress);
      const values = { ...samplesOf(definition), displayName: address.displayName || address.username };
      const message = render(parts, values);
      await mailer.send({ ...message, to: address.email, subject: `[Test] ${message.subject}` });
      return { message: EMAIL_TEMPLATE_MESSAGES.testSent, to: address.email };
    },
  };
}

export type EmailTemplates = ReturnType<typeof createEmailTemplates>;
