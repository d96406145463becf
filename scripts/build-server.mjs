// `npm run build -w server`: compiles server/src and common/src to JavaScript (server/dist,
// common/dist) for the production start `node server/dist/main.js` (record 0042). Each file is
// transpiled on its own by esbuild (the sources are `isolatedModules`, so nothing is lost; `tsc`
// stays the type checker): the tree keeps its shape, so every path a module finds from its own
// location (the migrations, web/dist, the worker files, package.json) holds in dist as in src.
// `@plates/common` resolves to common's TypeScript sources in development; in the compiled tree
// each import of it is rewritten to the compiled common, so plain `node` runs it with no loader.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const TARGETS = [
  { src: path.join(root, 'common/src'), out: path.join(root, 'common/dist') },
  { src: path.join(root, 'server/src'), out: path.join(root, 'server/dist') },
];
const COMMON_ENTRY = path.join(root, 'common/dist/index.js');
/** Test code and its fixtures stay out of the build. */
const skipped = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`) || file.endsWith('.d.ts');

function walk(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const started = performance.now();
let files = 0;
for (const { src, out } of TARGETS) {
  rmSync(out, { recursive: true, force: true });
  for (const file of walk(src)) {
    if (skipped(file)) continue;
    const target = path.join(out, path.relative(src, file));
    mkdirSync(path.dirname(target), { recursive: true });
    if (!file.endsWith('.ts')) {
      cpSync(file, target); // the migrations' SQL and drizzle's journal
      continue;
    }
    const result = await transform(readFileSync(file, 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'node22',
      sourcefile: file,
      sourcemap: 'inline',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
    });
    const jsFile = target.replace(/\.ts$/, '.js');
    let relative = path.relative(path.dirname(jsFile), COMMON_ENTRY).split(path.sep).join('/');
    if (!relative.startsWith('.')) relative = `./${relative}`;
    const code = result.code.replace(/(from\s*|import\s*\(\s*)(["'])@plates\/common\2/g, `$1$2${relative}$2`);
    if (/["']@plates\/common["']/.test(code)) throw new Error(`${file}: an import of @plates/common was not rewritten`);
    writeFileSync(jsFile, code);
    files += 1;
  }
}
if (!existsSync(path.join(root, 'server/dist/main.js'))) throw new Error('server/dist/main.js was not written');
console.log(`compiled ${files} files to common/dist and server/dist in ${Math.round(performance.now() - started)} ms`);
