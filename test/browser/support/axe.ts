import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page under test: the WCAG 2.0/2.1 A and AA rules, run on the page as it is
 * now (call it on every state a test visits). The script goes in through the DevTools
 * protocol, which the dashboard's Content-Security-Policy does not govern.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let source: string | undefined;

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

/** The violations as "rule (impact): selectors", empty when the page passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= await readFile(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source);
  const result = (await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  )) as AxeResult;
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
  );
}
