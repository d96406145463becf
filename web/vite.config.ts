/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inlineThemeInit } from './build/inline-theme-init';
import { precompress } from './build/precompress';

const API_TARGET = 'http://localhost:5000';

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * What the walk below reaches only through barrels (`radix-ui` imports every primitive,
 * `@plates/common` every schema), though the first screen uses none of it: of Radix only the
 * button's Slot and the avatar (menus, dialogs and the toaster load on demand), and no form (zod
 * lives in lazy pages), nor common's moderation texts (Settings and the admin area). Left to the
 * lazy chunks that use them; were the first screen to use one after all, it would arrive as a
 * chunk of its own, not go missing.
 */
const LAZY_ONLY =
  /[\\/]common[\\/]src[\\/](?:schemas[\\/]|moderation\.ts$)|node_modules[\\/](?:zod|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|aria-hidden)[\\/]|node_modules[\\/]@radix-ui[\\/](?!(?:react-(?:slot|avatar|compose-refs|context|primitive|use-callback-ref|use-layout-effect|use-is-hydrated))[\\/])/;

/**
 * Shared lazy code in named chunks instead of rolldown's one chunk per combination of users: the
 * sign-in page asked for fourteen 1-4 KB chunks, each a round trip on a phone before it could
 * paint. `forms` is the form kit (react-hook-form, the field primitives, Radix's label and tabs);
 * `radix` the small packages Radix's tabs, menus and dialogs all stand on, kept apart so a menu
 * loaded after the first paint does not bring the form kit with it.
 */
const SHARED_LAZY: Array<[string, RegExp]> = [
  // Primitives of a few hundred bytes that most lazy pages use (the plate page's comment box, the
  // sign-in page's cards and alerts): cheaper inside the startup chunk than as requests of their own.
  ['app', /[\\/]src[\\/]components[\\/]ui[\\/](?:textarea|card|alert)\.tsx$/],
  [
    'forms',
    /node_modules[\\/](?:react-hook-form|@hookform[\\/][^\\/]+|@radix-ui[\\/]react-(?:label|tabs))[\\/]|[\\/]src[\\/](?:components[\\/]ui[\\/](?:input|form-field|label|tabs)\.tsx|lib[\\/]lazy-resolver\.ts|features[\\/]auth[\\/](?:components[\\/]email-request-form\.tsx|hooks[\\/]use-email-actions\.ts))$/,
  ],
  [
    'radix',
    /node_modules[\\/]@radix-ui[\\/](?:react-(?:roving-focus|collection|direction|id|presence|use-controllable-state|use-effect-event)|primitive)[\\/]/,
  ],
];

/** Modules reachable from the entry through static imports (what the first screen loads), found once per build. */
let startup: Set<string> | undefined;

/**
 * The chunk of a module: `app` for everything the first screen needs, so it arrives as one file
 * instead of dozens of 1 KB chunks (each a round trip on a phone); a SHARED_LAZY name for the lazy
 * code listed there; null leaves whatever else sits behind a lazy import to rolldown's own splitting. PLATES_CHUNK_REPORT=1 names the startup chunks by
 * package instead, to see what the first load is made of.
 */
function startupChunk(id: string, graph: ModuleGraph): string | null {
  if (!startup) {
    startup = new Set();
    const pending = [ENTRY];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (startup.has(next)) continue;
      startup.add(next);
      pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  if (!startup.has(id) || LAZY_ONLY.test(id)) return SHARED_LAZY.find(([, test]) => test.test(id))?.[0] ?? null;
  if (!process.env.PLATES_CHUNK_REPORT) return 'app';
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
  const area = /[\\/]src[\\/]((?:features|components|app|lib)[\\/][^\\/.]+)/.exec(id)?.[1] ?? 'src';
  return (pkg ?? area).replace(/[@\\/]/g, '_');
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), inlineThemeInit()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/uploads': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/uploads': { target: API_TARGET },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Images stay files under assets/ (hashed, cacheable) rather than data: URLs inside the JS.
    assetsInlineLimit: 0,
    sourcemap: false,
    // .vite/manifest.json: the server names a lazy page's chunk in that page's HTML (route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first screen needs, statically imported from the entry, in one file instead of
        // dozens of 1 KB chunks (each a round trip on a phone); the shared lazy chunks named in
        // SHARED_LAZY; everything else behind a lazy import keeps rolldown's own splitting. A group
        // must not pull in its modules' imports (rolldown's default), or `forms` swallows `radix`
        // and every menu loads react-hook-form; the startup walk already names `app`'s imports.
        codeSplitting: { groups: [{ name: startupChunk, includeDependenciesRecursively: false }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
    maxWorkers: 2,
  },
});
