#!/usr/bin/env node
// `npm audit` as CI runs it (issue 18, decision record 0045): the production dependencies, then
// everything (dev tools run on the CI machine and developers' machines too). Any high or critical
// advisory fails (exit 1). When the registry's audit endpoint cannot be reached or refuses the
// request (an offline CI, a mirror without the endpoint), the run prints a loud warning and does
// not fail: an outage elsewhere must not block a merge, and the warning is in every CI log.
import { spawnSync } from 'node:child_process';

const passes = [
  { name: 'production dependencies', args: ['audit', '--json', '--omit=dev'] },
  { name: 'all dependencies', args: ['audit', '--json'] },
];

let failed = false;
for (const pass of passes) {
  const run = spawnSync('npm', pass.args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message ?? report?.error?.summary ?? (run.stderr || run.error?.message || 'no answer').trim().split('\n')[0];
    console.warn('');
    console.warn('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    console.warn(`!!! WARNING: npm audit (${pass.name}) could not reach the advisory database:`);
    console.warn(`!!! ${why}`);
    console.warn('!!! Dependencies were NOT checked for known vulnerabilities in this run.');
    console.warn('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    console.warn('');
    continue;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(`npm audit, ${pass.name}: ${JSON.stringify(counts)}`);
  if (serious > 0) {
    failed = true;
    for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
      if (v.severity === 'high' || v.severity === 'critical') {
        const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} ${x.url ?? ''}`)).join('; ');
        console.error(`  ${v.severity}: ${name} ${v.range}: ${via}${v.fixAvailable ? ' (fix available)' : ''}`);
      }
    }
  }
}
if (failed) {
  console.error('npm audit: high or critical advisories above. Upgrade, or add an override with its reason to decision record 0045.');
  process.exit(1);
}
