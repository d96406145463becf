import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineThemeScript, THEME_INIT } from './inline-theme-init';

const SHELL = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

describe('the theme script in the page', () => {
  it('is written into index.html, so the shell loads no script of its own before the first paint', () => {
    const html = inlineThemeScript(SHELL);
    expect(html).toContain(`<script>${readFileSync(THEME_INIT, 'utf8').trim()}</script>`);
    // The only script file left is the app's module entry (a hashed, immutable asset once built).
    const files = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(files).toEqual(['/src/main.tsx']);
  });

  it('keeps $ patterns in the script as written, and refuses a shell without the marker', () => {
    expect(inlineThemeScript('<head><script data-inline="theme-init"></script></head>', "a = '$&$1';")).toBe(
      "<head><script>a = '$&$1';</script></head>",
    );
    expect(() => inlineThemeScript('<head></head>', 'x')).toThrow(/theme-init/);
  });
});
