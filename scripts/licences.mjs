#!/usr/bin/env node
// `npm run licences`: writes docs/licences.md, every production dependency (the server's and the
// web bundle's, not dev tools) with its version and licence, grouped by licence, flagging what is
// not permissive. Read from package-lock.json, so the list is the same on every machine and
// platform; a package whose lock entry has no licence is read from its package.json.
// `node scripts/licences.mjs --check` fails when the committed file is not what the lock gives
// (the lock changed without `npm run licences`); CI and server/src/licences.test.ts run it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'docs', 'licences.md');

/** Licences that ask nothing of us beyond keeping their notice. */
const PERMISSIVE = new Set(['MIT', 'MIT-0', 'ISC', '0BSD', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', 'BlueOak-1.0.0', 'Unlicense', 'CC0-1.0', 'Zlib', 'Python-2.0']);

/** SPDX expression: "A OR B" is permissive when one side is; "A AND B" when every part is. */
function permissive(expression) {
  return expression
    .replace(/[()]/g, '')
    .split(/\s+OR\s+/)
    .some((alternative) => alternative.split(/\s+AND\s+/).every((id) => PERMISSIVE.has(id.trim())));
}

function licenceOf(key, entry) {
  if (typeof entry.license === 'string') return entry.license;
  const manifest = path.join(root, key, 'package.json');
  if (existsSync(manifest)) {
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof json.license === 'string') return json.license;
    if (Array.isArray(json.licenses)) return json.licenses.map((l) => l.type ?? l).join(' OR ');
  }
  return 'UNKNOWN';
}

export function render() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const byLicence = new Map();
  for (const [key, entry] of Object.entries(lock.packages)) {
    // The root, the workspaces themselves and their links, and dev-only packages are not shipped.
    if (!key.includes('node_modules/') || entry.link || entry.dev) continue;
    const name = entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const licence = licenceOf(key, entry);
    if (!byLicence.has(licence)) byLicence.set(licence, new Set());
    byLicence.get(licence).add(`${name}@${entry.version}${entry.optional ? ' (optional, one platform)' : ''}`);
  }
  const licences = [...byLicence.keys()].sort((a, b) => byLicence.get(b).size - byLicence.get(a).size || a.localeCompare(b));
  const flagged = licences.filter((l) => !permissive(l));
  const total = [...byLicence.values()].reduce((n, s) => n + s.size, 0);
  const lines = [
    '# Licences of the production dependencies',
    '',
    '<!-- Written by `npm run licences` from package-lock.json; do not edit by hand. -->',
    '',
    `${total} packages (the server's and the web bundle's dependencies, every platform's optional`,
    'binaries included; dev tools left out), grouped by licence. Permissive: ' + [...PERMISSIVE].join(', ') + '.',
    '',
    '| licence | packages | permissive |',
    '|---|---|---|',
    ...licences.map((l) => `| ${l} | ${byLicence.get(l).size} | ${permissive(l) ? 'yes' : '**no: see below**'} |`),
    '',
  ];
  if (flagged.length) {
    lines.push('## Not permissive (flagged)', '');
    for (const l of flagged) lines.push(`- **${l}**: ${[...byLicence.get(l)].sort().join(', ')}`);
    lines.push('');
  }
  lines.push('## Every package', '');
  for (const l of licences) {
    lines.push(`### ${l}`, '', ...[...byLicence.get(l)].sort().map((p) => `- ${p}`), '');
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = render();
  if (process.argv.includes('--check')) {
    const committed = existsSync(output) ? readFileSync(output, 'utf8') : '';
    if (committed !== text) {
      console.error('docs/licences.md is not current with package-lock.json: run `npm run licences` and commit it.');
      process.exit(1);
    }
    console.log('docs/licences.md is current.');
  } else {
    writeFileSync(output, text);
    console.log(`wrote ${path.relative(root, output)}`);
  }
}
