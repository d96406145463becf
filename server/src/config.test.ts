import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';
import { defaultPoolSize } from './db/client.js';

describe('parseConfig', () => {
  it('has the contract defaults', () => {
    const c = parseConfig({}, '/srv/plates');
    expect(c).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/plates/data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:5000',
      admin: undefined,
      s3: undefined,
      logLevel: 'info',
    });
  });

  it('derives APP_URL from PORT and trims a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(parseConfig({ APP_URL: 'https://plates.example/' }).appUrl).toBe('https://plates.example');
  });

  it('raises the sign-up and sign-in limits per IP only when REGISTER_LIMIT_PER_IP and LOGIN_LIMIT_PER_IP say so', () => {
    expect(parseConfig({}).rateLimits.registerPerIp).toBe(10);
    expect(parseConfig({ REGISTER_LIMIT_PER_IP: '200' }).rateLimits.registerPerIp).toBe(200);
    expect(() => parseConfig({ REGISTER_LIMIT_PER_IP: '0' })).toThrow(/^Invalid REGISTER_LIMIT_PER_IP: must be a whole number/);
    expect(() => parseConfig({ REGISTER_LIMIT_PER_IP: 'lots' })).toThrow(/^Invalid REGISTER_LIMIT_PER_IP/);
    expect(parseConfig({}).rateLimits.loginPerIp).toBe(30);
    expect(parseConfig({ LOGIN_LIMIT_PER_IP: '900' }).rateLimits).toMatchObject({ loginPerIp: 900, loginFailuresPerAddress: 10, loginBackoffAfter: 5 });
  });

  it('trusts X-Forwarded-For from no proxy unless TRUST_PROXY lists addresses, ranges or names', () => {
    expect(parseConfig({}).trustProxy).toEqual([]);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1,', '::1/129', '10.0.0.0/8/1']) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid TRUST_PROXY: must be a comma-separated list/);
    }
  });

  it('drains with no notice and a 10 s bound by default; DRAIN_DELAY_MS and DRAIN_TIMEOUT_MS change them', () => {
    expect(parseConfig({}).drain).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(parseConfig({ DRAIN_DELAY_MS: '3000', DRAIN_TIMEOUT_MS: '25000' }).drain).toEqual({ delayMs: 3000, timeoutMs: 25_000 });
    expect(() => parseConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/^Invalid DRAIN_DELAY_MS: must be a whole number of milliseconds/);
    expect(() => parseConfig({ DRAIN_TIMEOUT_MS: 'soon' })).toThrow(/^Invalid DRAIN_TIMEOUT_MS/);
  });

  it('prefixes Redis keys with REDIS_PREFIX, plates by default', () => {
    expect(parseConfig({}).redisPrefix).toBe('plates');
    expect(parseConfig({ REDIS_PREFIX: 'plates-staging' }).redisPrefix).toBe('plates-staging');
    expect(() => parseConfig({ REDIS_PREFIX: 'has space' })).toThrow(/^Invalid REDIS_PREFIX: must be 1 to 64 letters/);
  });

  it('reads the replica, pool size, statement timeout and pooler settings (record 0043)', () => {
    expect(parseConfig({})).toMatchObject({
      databaseReplicaUrl: undefined,
      replicaMaxLagMs: 5000,
      databasePoolSize: undefined,
      statementTimeoutMs: 30_000,
      databasePooler: undefined,
    });
    expect(
      parseConfig({
        DATABASE_URL: 'postgres://db/plates',
        DATABASE_REPLICA_URL: 'postgres://replica/plates',
        DATABASE_REPLICA_MAX_LAG_MS: '2000',
        DATABASE_POOL_SIZE: '40',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_POOLER: 'pgbouncer-transaction',
      }),
    ).toMatchObject({
      databaseReplicaUrl: 'postgres://replica/plates',
      replicaMaxLagMs: 2000,
      databasePoolSize: 40,
      statementTimeoutMs: 0,
      databasePooler: 'pgbouncer-transaction',
    });
  });

  it('sizes pools from the cores: twice plus one, never under 10', () => {
    expect(defaultPoolSize(1)).toBe(10);
    expect(defaultPoolSize(4)).toBe(10);
    expect(defaultPoolSize(8)).toBe(17);
    expect(defaultPoolSize(32)).toBe(65);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 5000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT: /],
    [{ PORT: '70000' }, /^Invalid PORT: must be between 0 and 65535/],
    [{ PORT: '50.5' }, /^Invalid PORT: must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL: must be a URL like postgres:/],
    [{ REDIS_URL: 'not a url' }, /^Invalid REDIS_URL: /],
    [{ SMTP_URL: 'http://mail' }, /^Invalid SMTP_URL: /],
    [{ APP_URL: 'ftp://x' }, /^Invalid APP_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL: must be one of/],
    [{ ADMIN_USERNAME: 'root' }, /^Invalid ADMIN_EMAIL: .*must be set together/],
    [{ ADMIN_USERNAME: 'root', ADMIN_EMAIL: 'root@x.io', ADMIN_PASSWORD: 'short' }, /^Invalid ADMIN_PASSWORD: /],
    [{ ADMIN_USERNAME: 'root', ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' }, /^Invalid ADMIN_EMAIL: /],
    [{ S3_BUCKET: 'b' }, /^Invalid S3_ENDPOINT: .*must be set together/],
    [{ DATABASE_REPLICA_URL: 'postgres://replica/plates' }, /^Invalid DATABASE_REPLICA_URL: needs DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://db/p', DATABASE_REPLICA_URL: 'http://replica' }, /^Invalid DATABASE_REPLICA_URL: must be a URL like postgres:/],
    [{ DATABASE_REPLICA_MAX_LAG_MS: '10' }, /^Invalid DATABASE_REPLICA_MAX_LAG_MS: must be a whole number/],
    [{ DATABASE_POOL_SIZE: '0' }, /^Invalid DATABASE_POOL_SIZE: must be a whole number from 1 to 1000/],
    [{ DATABASE_POOL_SIZE: 'many' }, /^Invalid DATABASE_POOL_SIZE: /],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, /^Invalid DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number/],
    [{ DATABASE_POOLER: 'pgpool' }, /^Invalid DATABASE_POOLER: must be none or pgbouncer-transaction/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads the admin and S3 groups when complete', () => {
    const c = parseConfig({
      ADMIN_USERNAME: 'root',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'long enough',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'plates',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.admin).toEqual({ username: 'root', email: 'root@example.com', password: 'long enough' });
    expect(c.s3?.bucket).toBe('plates');
  });
});
