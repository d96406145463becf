// The theme script in the page itself: src/theme-init.js must run before the first paint, and as a
// file of its own it held that paint back by a round trip on a phone and was revalidated on every
// cold load. The build writes it into `<script data-inline="theme-init">` of index.html; the
// server allows it by its hash in the Content-Security-Policy (server/src/plugins/web-app.ts,
// `inlineScriptHashes`), never by 'unsafe-inline'.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const THEME_INIT = path.resolve(import.meta.dirname, '../src/theme-init.js');
const MARKER = /<script data-inline="theme-init"><\/script>/;

/** `html` with the theme script written into its marker (a function replacement: `$` stays as written). */
export function inlineThemeScript(html: string, code = readFileSync(THEME_INIT, 'utf8')): string {
  if (!MARKER.test(html)) throw new Error('index.html has no <script data-inline="theme-init"></script> to fill');
  return html.replace(MARKER, () => `<script>${code.trim()}</script>`);
}

export function inlineThemeInit(): Plugin {
  return { name: 'plates-inline-theme-init', transformIndexHtml: (html) => inlineThemeScript(html) };
}
