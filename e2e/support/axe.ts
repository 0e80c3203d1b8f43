import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's script, for `page.addInitScript({ content: axeSource })` (the CSP refuses a <script> tag). */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; html: string }[];
}

/**
 * axe-core's serious and critical findings on the page, every rule on (Fluent's focus sentinels
 * included: docs/front-end.md, "Keyboard and focus sentinels").
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.html),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((html) => html.slice(0, 120)).join(' | ')}`);
}
