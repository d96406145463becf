// The floors `npm run bench` measures the API against, run as their own process (so the load
// generator does not share their event loop): a bare `node:http` server answering every request
// with the same bytes (the feed's first page, as the API sent it), and the same server running one
// `SELECT 1` through a database pool before answering. What the stack adds on top of Node and of
// one database round trip is then the distance between these rows and the API's.
//
//   node --import tsx server/src/scripts/bench-floor.ts bytes FILE
//   node --import tsx server/src/scripts/bench-floor.ts select1 FILE   (DATABASE_URL, else PGlite in DATA_DIR/db)
// Prints `listening PORT` once ready.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client.js';

const [mode, file] = process.argv.slice(2);
if ((mode !== 'bytes' && mode !== 'select1') || !file) {
  console.error('usage: bench-floor.ts bytes|select1 FILE');
  process.exit(2);
}
const body = await readFile(file);
const database =
  mode === 'select1'
    ? await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, pgliteDir: path.join(process.env.DATA_DIR ?? './data', 'db') })
    : undefined;
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = createServer((req, res) => {
  if (!database) {
    res.writeHead(200, headers).end(body);
    return;
  }
  database.db.execute(sql`select 1`).then(
    () => res.writeHead(200, headers).end(body),
    () => res.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
const stop = () => server.close(() => void database?.close().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
