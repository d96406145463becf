import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core's engine, evaluated in the page (DevTools evaluation is not inline script, so the
// strict Content-Security-Policy stays on while it runs).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * WCAG 2.1 A and AA as axe checks them, serious and critical findings only. Left out on purpose:
 * label-content-name-mismatch, which reads deliberate names as mismatches ("People (1)" for a tab
 * showing "People 1", "Account menu for …" for the avatar showing initials).
 */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: false } },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The page at a laptop's and a phone's width, light and dark (the same signed-in page): after
 * `prepare` sets each look up, checked with axe and photographed as `<name>-<size>-<scheme>`.
 * Answers the violations found, each prefixed with its look.
 */
export async function fourLooks(page: Page, name: string, prepare: () => Promise<void>, shoot: (page: Page, name: string) => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await prepare();
      problems.push(...(await violations(page)).map((v) => `${size} ${colorScheme}: ${v}`));
      await shoot(page, `${name}-${size}-${colorScheme}`);
    }
  }
  return problems;
}
