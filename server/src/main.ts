import { createServer } from 'node:net';
import { ConfigError, parseConfig, type Config } from './config.js';
import { buildApp, type App } from './app.js';

/** Reads the environment, builds the app, listens, and shuts down cleanly on a signal. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // The port first, before anything is opened: a second start on a port in use must not open (let
  // alone migrate or write) the database the first one is serving. The database's own lock
  // (DATA_DIR, lib/data-dir-lock) guards the rest, such as a second start on another port.
  await probePort(config.port, config.host);

  let app;
  try {
    app = await buildApp(config, { prettyLogs: process.stdout.isTTY === true });
  } catch (error) {
    fail(describeStartupError(error, config.databaseUrl !== undefined));
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    failToListen(error, config.port, config.host);
  }
  app.log.info(`Plates is serving ${config.appUrl}`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void drain(app, config.drain, signal);
    });
  }
}

/**
 * Graceful drain (record 0042): readiness answers 503 at once and the sockets are told to reconnect
 * elsewhere; after DRAIN_DELAY_MS (time for a proxy's health check to notice) the listener closes,
 * idle connections are closed, in-flight requests finish, the sockets' transports close, jobs
 * drain, and the process exits 0. Past DRAIN_DELAY_MS + DRAIN_TIMEOUT_MS it gives up and exits 1.
 */
async function drain(app: App, { delayMs, timeoutMs }: Config['drain'], signal: NodeJS.Signals): Promise<void> {
  app.log.info(`${signal} received: draining (${delayMs} ms notice, then up to ${timeoutMs} ms for requests in flight)`);
  const giveUp = setTimeout(() => {
    app.log.error(`drain: still busy after DRAIN_TIMEOUT_MS (${timeoutMs} ms), exiting`);
    process.exit(1);
  }, delayMs + timeoutMs);
  giveUp.unref();
  app.startDraining(delayMs);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'drain: closing failed');
    process.exit(1);
  }
  app.log.info('drained, exiting');
  process.exit(0);
}

/** Binds `port` on `host` for a moment and lets it go; exits with the PORT or HOST line when it cannot. */
async function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve) => {
    probe.once('error', (error) => failToListen(error, port, host));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function failToListen(error: unknown, port: number, host: string): never {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') fail(`Invalid PORT: ${port} is already in use`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`Invalid HOST: cannot bind ${host}`);
  fail(`Cannot listen on ${host}:${port}: ${(error as Error).message}`);
}

function describeStartupError(error: unknown, usesDatabaseUrl: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('Invalid ')) return message;
  const code = findCode(error);
  const connection = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', '28P01', '3D000', '28000'];
  if (usesDatabaseUrl && code && connection.includes(code)) {
    return `Invalid DATABASE_URL: cannot connect to the database (${code}: ${message})`;
  }
  if (/redis/i.test(message) || (code === 'ECONNREFUSED' && !usesDatabaseUrl)) {
    return `Invalid REDIS_URL: cannot connect to Redis (${message})`;
  }
  return `Plates could not start: ${message}`;
}

function findCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const nested = (e as { errors?: unknown[] }).errors?.[0];
    if (nested && typeof (nested as { code?: unknown }).code === 'string') return (nested as { code: string }).code;
  }
  return undefined;
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

await main();
