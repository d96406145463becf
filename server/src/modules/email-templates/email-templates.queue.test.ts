import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobMarks } from '../../lib/job-marks.js';
import { createJobs } from '../../lib/jobs.js';
import type { MailMessage } from '../../lib/mailer.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { createEmailTemplatesRepository } from './email-templates.repository.js';
import { createEmailTemplates } from './email-templates.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const quiet = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

function service(send: (m: MailMessage) => Promise<void>, mailBackoffMs?: number) {
  const db = t.app.services.database.db;
  const jobs = createJobs(quiet);
  const templates = createEmailTemplates({
    repo: createEmailTemplatesRepository(db),
    audit: createAudit(createAdminRepository(db)),
    mailer: { send, close: () => {} },
    jobs,
    marks: createJobMarks(db),
    ...(mailBackoffMs === undefined ? {} : { mailBackoffMs }),
  });
  return { jobs, templates };
}

const values = { displayName: 'Ana', link: 'http://localhost:5000/auth/verify-email?token=abc' };

describe('queued mail', () => {
  it('sends one mail for two enqueues about one object, and one per other object', async () => {
    const sent: MailMessage[] = [];
    const { jobs, templates } = service(async (m) => void sent.push(m));
    templates.queue('verify_email', 'ana@example.test', values, { userId: 4, object: 'token-1' });
    templates.queue('verify_email', 'ana@example.test', values, { userId: 4, object: 'token-1' });
    templates.queue('verify_email', 'ana@example.test', values, { userId: 4, object: 'token-2' });
    await jobs.drain();
    expect(sent.map((m) => m.to)).toEqual(['ana@example.test', 'ana@example.test']);
    expect(sent[0]!.text).toContain('token=abc');
    await jobs.close(100);
  });

  it('retries a mail the relay refused, sends it once, and lists one that never went with no address or link', async () => {
    let calls = 0;
    const sent: string[] = [];
    // Retries 1, 2, 4, 8 ms apart instead of the mail's 10 s (fake timers stalled PostgreSQL's
    // client in the PostgreSQL pass); the rules are the same.
    const { jobs, templates } = service(async (m) => {
      calls++;
      if (m.subject.includes('down') || calls === 1) throw new Error('421 try later');
      sent.push(m.to);
    }, 1);
    templates.queue('verify_email', 'bo@example.test', values, { userId: 5, object: 'token-3' });
    templates.queueMessage({ to: 'cy@example.test', subject: 'Relay down notice', text: 't', html: '<p>t</p>' }, { userId: 6, object: 'n-1' });
    await jobs.drain({ delayed: true });
    expect(sent).toEqual(['bo@example.test']);
    const dead = await jobs.deadLetters();
    expect(dead.map((d) => [d.kind, d.summary, d.attempts])).toEqual([['mail:message', '"Relay down notice" to member #6', 5]]);
    expect(JSON.stringify(dead)).not.toMatch(/cy@example|token=/);
    await jobs.close(100);
  });
});
