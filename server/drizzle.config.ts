import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves `schema` and `out` from the working directory, not from this file, and it
// mishandles absolute `out` paths (it prefixes './'), so both are anchored to this file and then
// made relative to the working directory: `npm run db:generate` at the root and
// `npx drizzle-kit generate` inside server/ both use server/src/db/{schema,migrations}.
const fromHere = (path: string) => relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url)));

export default defineConfig({
  dialect: 'postgresql',
  schema: fromHere('./src/db/schema/index.ts'),
  out: fromHere('./src/db/migrations'),
  strict: true,
  verbose: true,
});
