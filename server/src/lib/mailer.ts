import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Outgoing mail through nodemailer: over SMTP when `smtpUrl` is set, otherwise written as `.eml`
 * files to `outboxDir` with the links it carries printed in the log, so a developer can click them.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { to: message.to, subject: message.subject, file, links },
        `mail to ${message.to} saved in the outbox (${message.subject}): ${links.join(' ')}`,
      );
    },
    close: () => transport.close(),
  };
}

/** Fills `{{name}}` placeholders; in HTML the values are escaped. */
export function renderTemplate(template: string, values: Record<string, string>, html: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
