// `npm start`: builds the web app and the compiled server (server/dist, common/dist) when either
// build is missing or older than its sources, then runs the compiled server with plain `node`
// (which applies migrations before it listens; record 0042 measured it against tsx). Signals are
// passed on to the server, which drains on SIGTERM and SIGINT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'common/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Runs `npm run build -w <workspace>` when `built` is missing or older than any of `sources`. */
function buildWhenStale(workspace, built, sources, what) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? `${what} sources changed: rebuilding` : `no ${what} build yet: building it`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildWhenStale('web', built, sources, 'web app');
buildWhenStale('server', path.join(root, 'server/dist/main.js'), ['server/src', 'common/src', 'scripts/build-server.mjs'], 'server');

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
