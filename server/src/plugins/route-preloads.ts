import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Lazy pages the server can tell from the address, by their source module in the web build's
 * manifest. A page loaded on demand would otherwise wait for the app's script to run before its own
 * chunk is even asked for: one more round trip on a phone before anything paints.
 */
export const LAZY_PAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/auth\/?$/, 'src/features/auth/pages/auth-page.tsx'],
  [/^\/posts\/[^/]+\/?$/, 'src/features/posts/pages/post-page.tsx'],
  [/^\/(?:profile|users)\/[^/]+\/?$/, 'src/features/users/pages/profile-page.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` (and style preloads) for the lazy page at `pagePath` and the chunks
 * it imports, minus what the shell already loads; '' for other pages or without a manifest
 * (`web/dist/.vite/manifest.json`, written by the build).
 */
export function createRoutePreloads(distDir: string): (pagePath: string) => string {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => '';
  }
  // What index.html already asks for: the entry and everything it imports.
  const startup = new Set<string>();
  const collect = (key: string, into: Set<string>, skip: Set<string>) => {
    if (into.has(key) || skip.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) collect(next, into, skip);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, startup, new Set());

  const links = new Map<string, string>();
  for (const [, key] of LAZY_PAGES) {
    const chunks = new Set<string>();
    collect(key, chunks, startup);
    const tags = [...chunks].flatMap((k) => {
      const chunk = manifest[k]!;
      return [
        `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
        ...(chunk.css ?? []).map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
      ];
    });
    links.set(key, tags.join(''));
  }
  return (pagePath) => {
    const page = LAZY_PAGES.find(([pattern]) => pattern.test(pagePath));
    return page ? (links.get(page[1]) ?? '') : '';
  };
}
