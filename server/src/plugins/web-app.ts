import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorBody, type PageData } from '@plates/common';
import { sendCompressed } from './compression.js';
import { collectPageData, renderFirstPhotoPreload, renderPageData } from './page-data.js';
import { createRoutePreloads } from './route-preloads.js';

/**
 * Serves the built web app from the same origin: hashed assets cached for a year, `index.html`
 * (never cached) for every non-API path so the client router can answer it. Unknown `/api` paths
 * stay JSON 404s.
 */
export interface WebAppOptions {
  /**
   * Extra `<head>` content for a page path (e.g. a plate's title and Open Graph tags for shared
   * links), already HTML-escaped; undefined for the plain shell. A failure serves the plain shell.
   */
  headFor?: (path: string) => Promise<string | undefined>;
}

/**
 * The shell with `fragment` in its head: the shell's own `<title>` gives way to the fragment's.
 * Works whether or not the shell spells out `<head>` (browsers imply it). The fragment holds
 * members' words (titles, names, bios), so it is spliced in by position, never passed to
 * `String.replace` as a replacement string, where `$&`, `` $` `` and `$'` would copy parts of the page.
 */
export function withHead(html: string, fragment: string): string {
  const withoutTitle = /<title[\s>]/i.test(fragment) ? cut(html, /<title>[\s\S]*?<\/title>/i) : html;
  const close = /<\/head>/i.exec(withoutTitle);
  if (close) return insertAt(withoutTitle, close.index, fragment);
  const open = /<head[^>]*>/i.exec(withoutTitle);
  if (open) return insertAt(withoutTitle, open.index + open[0].length, fragment);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(withoutTitle);
  if (doctype) return insertAt(withoutTitle, doctype.index + doctype[0].length, `<head>${fragment}</head>`);
  return `<head>${fragment}</head>${withoutTitle}`;
}

/**
 * `'sha256-…'` sources for the scripts written inside the built page (the theme is set before the
 * first paint by one), for the Content-Security-Policy's script-src: it allows exactly these and
 * no other inline script. Data blocks (`type="application/json"`) are never run and need none.
 */
export function inlineScriptHashes(distDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return []; // no build: nothing inline to allow
  }
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=|\btype\s*=\s*["']?application\/json/i.test(attributes))
    .map(([, , code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

const insertAt = (text: string, index: number, insert: string) => text.slice(0, index) + insert + text.slice(index);

/** `text` without the first match of `pattern`. */
function cut(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  return match ? text.slice(0, match.index) + text.slice(match.index + match[0].length) : text;
}

/**
 * `/robots.txt`: crawlers may read the public pages (the feed, plates, profiles, top rated, the
 * leaderboard, search) but not the API, the admin area, the signed-in pages (they only show a
 * sign-in prompt) or the one-time links of the auth pages. Answered whether or not the web app is
 * built: without it the not-found handler would answer the app's HTML shell (or a JSON 404).
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /admin',
  'Disallow: /auth/',
  'Disallow: /saved-posts',
  'Disallow: /saved',
  'Disallow: /chat',
  'Disallow: /messages',
  'Disallow: /data-export/',
  '',
].join('\n');

export async function registerWebApp(app: FastifyInstance, distDir: string, options: WebAppOptions = {}): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (web/build/precompress.ts): sent as
      // they are to browsers that accept them, never compressed per request.
      preCompressed: true,
      // (Dot folders are not served: the build's .vite/manifest.json is for route-preloads.ts.)
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn(`no web build at ${distDir}: only the API is served (run "npm run build")`);
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  const routePreloads = createRoutePreloads(distDir);

  async function pageHead(pagePath: string): Promise<string | undefined> {
    if (!options.headFor) return undefined;
    try {
      return await options.headFor(pagePath);
    } catch (error) {
      app.log.warn({ err: error, path: pagePath }, 'page head failed: serving the plain shell');
      return undefined;
    }
  }

  async function pageData(request: FastifyRequest, pagePath: string): Promise<PageData | undefined> {
    try {
      return await collectPageData(app, request, pagePath);
    } catch (error) {
      app.log.warn({ err: error, path: pagePath }, 'page data failed: the app will ask for it');
      return undefined;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const apiPath = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!apiPath && wantsPage && hasBuild && !request.url.startsWith('/assets/')) {
      const pagePath = request.url.split('?')[0] ?? '/';
      const [meta, data] = await Promise.all([pageHead(pagePath), pageData(request, pagePath)]);
      // The page carries its viewer's own answers: never kept by a shared cache.
      reply.header('cache-control', data ? 'private, no-cache' : 'no-cache');
      if (data) reply.header('vary', 'cookie');
      const head =
        (meta ?? '') + (data ? renderFirstPhotoPreload(pagePath, data) + renderPageData(data) : '') + routePreloads(pagePath);
      if (head) {
        const shell = await readFile(path.join(distDir, 'index.html'), 'utf8');
        return sendCompressed(request, reply.type('text/html; charset=utf-8'), withHead(shell, head));
      }
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
