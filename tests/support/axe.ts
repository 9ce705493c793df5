/**
 * axe-core run inside a real extension page, as the accessibility checks of the browser tests
 * use it. The extension's pages forbid inline and foreign scripts (their CSP), so axe's source
 * is evaluated through the DevTools protocol, which that policy does not govern; nothing is
 * added to the product for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  /** Each failing element: its selector and what axe says is wrong with it. */
  nodes: string[];
}

/** axe's violations on the page as it is now, in the colour scheme asked for. */
export async function axeViolations(page: Page, scheme: 'light' | 'dark' = 'light'): Promise<AxeViolation[]> {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  }, AXE_TAGS);
}

/** One line per violation, readable in a failed expectation. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.rule} (${v.impact}): ${v.help} — ${n}`));
}
