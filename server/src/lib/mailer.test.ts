import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, renderTemplate } from './mailer.js';
import { startSmtpListener } from '../test/smtp.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('createMailer', () => {
  it('writes an .eml to the outbox and logs its links when no SMTP is set', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'plates-outbox-'));
    dirs.push(outboxDir);
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: 'Plates <no-reply@localhost>', logger });
    await mailer.send({
      to: 'alice@example.test',
      subject: 'Verify your email',
      text: 'Open http://localhost:5000/auth/verify-email?token=abc to verify.',
      html: '<p>Open the link</p>',
    });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: alice@example\.test$/m);
    expect(eml).toMatch(/^Subject: Verify your email$/m);
    expect(lines.join('\n')).toContain('http://localhost:5000/auth/verify-email?token=abc');
  });

  it('speaks SMTP to a real listener when SMTP_URL is set', async () => {
    const smtp = await startSmtpListener();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Plates <no-reply@localhost>', logger: capturingLogger().logger });
      await mailer.send({ to: 'bob@example.test', subject: 'Hello Bob', text: 'plain', html: '<b>rich</b>' });
      const mail = await smtp.waitFor('bob@example.test', /Hello Bob/);
      expect(mail.raw).toContain('<b>rich</b>');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe('renderTemplate', () => {
  it('fills placeholders, escaping them in HTML only', () => {
    const values = { displayName: '<Tom & "Jerry">', link: 'http://x/?a=1&b=2' };
    expect(renderTemplate('Hi {{displayName}}, open {{ link }} {{unknown}}', values, false)).toBe(
      'Hi <Tom & "Jerry">, open http://x/?a=1&b=2 {{unknown}}',
    );
    expect(renderTemplate('<p>Hi {{displayName}}</p>', values, true)).toBe('<p>Hi &#60;Tom &#38; &#34;Jerry&#34;&#62;</p>');
  });
});
