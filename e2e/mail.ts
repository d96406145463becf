import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Waits for a mail to `to` whose subject matches, as received by the test's SMTP listener. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global setup did not run');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).sort()) {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      const toLine = /^X-Test-To: (.*)$/m.exec(decoded)?.[1] ?? '';
      const subjectLine = /^Subject: (.*)$/m.exec(decoded)?.[1] ?? '';
      if (toLine.split(',').includes(to.toLowerCase()) && subject.test(subjectLine)) return decoded;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function linkFrom(mail: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"<>]+`).exec(mail);
  if (!match) throw new Error(`no ${pathPrefix} link in the mail`);
  return match[0];
}
