import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makePost } from '../test/factories.js';
import { LAZY_PAGES } from './route-preloads.js';

/** A script over 1 KB, and the twins the build writes beside it (web/build/precompress.ts). */
const BIG_SCRIPT = `export const plates = ${JSON.stringify('plate '.repeat(400))};`;
// Marked so the test can tell the build's twin from a compression made per request.
const BUILT_BR = brotliCompressSync(`${BIG_SCRIPT}/*br*/`);
const BUILT_GZ = gzipSync(`${BIG_SCRIPT}/*gz*/`);

/** As the build writes src/theme-init.js into the page (vite.config.ts). */
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'plates-dist-'));
  await mkdir(path.join(dist, 'assets'));
  // As large as the real shell (over the 1 KB compression threshold): its head holds the fonts' and
  // icons' links.
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Plates</title>${'<link rel="icon" href="/icon.svg">'.repeat(40)}<script>${THEME_SCRIPT}</script><div id="root"></div>`,
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  await mkdir(path.join(dist, '.vite'));
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_app.js'] },
      '_app.js': { file: 'assets/app-1.js' },
      '_form.js': { file: 'assets/form-1.js', imports: ['_app.js'] },
      'src/features/auth/pages/auth-page.tsx': { file: 'assets/auth-page-1.js', imports: ['_app.js', '_form.js'], css: ['assets/auth-page-1.css'] },
      'src/features/posts/pages/post-page.tsx': { file: 'assets/post-page-1.js', imports: ['_app.js'] },
    }),
  );
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), BUILT_BR);
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), BUILT_GZ);
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app on the same origin', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('console.log');
  });

  it('answers index.html, never cached, for every client route', async () => {
    for (const url of ['/', '/auth', '/auth/verify-email?token=abc', '/profile/12', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(String(res.headers['cache-control']), url).toMatch(/no-cache|max-age=0/);
    }
  });

  it('answers /robots.txt as a robots file, not the app shell', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<div id="root">');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const closed of ['/api/', '/admin', '/saved-posts', '/messages']) expect(lines).toContain(`Disallow: ${closed}`);
    // the public pages stay open: no rule closes the feed, a plate, a profile or the rankings
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const open of ['/posts/12', '/profile/3', '/top-rated', '/leaderboard', '/search?q=pasta', '/auth']) {
      expect(disallowed.filter((prefix) => open.startsWith(prefix)), open).toEqual([]);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('keeps unknown API paths and missing assets as 404s', async () => {
    const api = await t.app.inject('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject('/assets/missing-999.js')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });

  it('serves the page under the Content-Security-Policy, which runs its own inline script and no other', async () => {
    const res = await t.app.inject('/');
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
    const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    // The page also carries a JSON data block (page-data.ts): data, never run, so not allowed here.
    expect(res.body).toContain('type="application/json"');
    expect(scriptSrc).toEqual(["'self'", sha256(THEME_SCRIPT)]);
  });
});

describe('compression', () => {
  it("sends the build's brotli or gzip twin as it is, by what the browser accepts", async () => {
    const br = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(BUILT_BR)).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(BUILT_GZ)).toBe(true);

    const plain = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('compresses API answers over 1 KB on the fly, and leaves small ones and images alone', async () => {
    for (let i = 0; i < 6; i += 1) await makePost(t.app, { description: `A plate with a long enough description ${i} `.repeat(4) });
    const br = await t.app.inject({ url: '/api/posts', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { posts: unknown[] };
    expect(json.posts.length).toBeGreaterThan(0);
    expect(br.rawPayload.length).toBeLessThan(brotliDecompressSync(br.rawPayload).length / 2);

    const gz = await t.app.inject({ url: '/api/posts', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);

    // A shared link's page is made per request (its head names the plate), so compressed on the fly.
    const post = await makePost(t.app, { title: 'Shared plate', description: 'Worth sharing. '.repeat(60) });
    const page = await t.app.inject({ url: `/posts/${post.id}`, headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Shared plate | Plates</title>');

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

describe('lazy pages named in their HTML', () => {
  it("asks for the page's own chunk and what it imports, beyond what the shell loads", async () => {
    const auth = (await t.app.inject('/auth')).body;
    expect(auth.match(/<link rel="(?:modulepreload|preload)"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/auth-page-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
    ]);
    expect((await t.app.inject('/leaderboard')).body).not.toContain('modulepreload');
  });

  it('keeps the build manifest to the server', async () => {
    const res = await t.app.inject('/.vite/manifest.json');
    expect(res.body).not.toContain('isEntry');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('names pages that exist in the web sources', () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    for (const [, source] of LAZY_PAGES) expect(existsSync(path.join(web, source)), source).toBe(true);
  });
});
