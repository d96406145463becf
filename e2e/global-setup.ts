import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Starts a real SMTP listener (mails land as files the tests read) and the real server on a fresh
 * data directory, built exactly as `npm start` runs it. Answers the teardown.
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const work = mkdtempSync(path.join(tmpdir(), 'plates-e2e-'));
  const mailDir = path.join(work, 'mail');
  mkdirSync(mailDir);

  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(mailDir, `${Date.now()}-${count}.eml`), `X-Test-To: ${to}\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const port = Number(process.env.E2E_PORT ?? 5055);
  const baseUrl = `http://localhost:${port}`;
  const admin = { username: 'e2e_admin', email: 'e2e-admin@example.test', password: 'e2e-admin-password' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      APP_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_USERNAME: admin.username,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // every journey registers and signs in its own members from 127.0.0.1; the limits themselves are API-tested
      REGISTER_LIMIT_PER_IP: '500',
      LOGIN_LIMIT_PER_IP: '2000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ADMIN = JSON.stringify(admin);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
