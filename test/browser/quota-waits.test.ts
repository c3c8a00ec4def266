import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '#test/support/stack';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
} from './support/chromium.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * A run waiting for provider quota says so (issue 34, point 5): the simulator allows the
 * service's key a few requests a minute per family and PROVIDER_RATE_LIMITS says the same, so a
 * run's lanes wait for their turns; the case page's live progress and the run page name the
 * waiting families and when their next call is expected, at desktop and phone width, with no
 * axe violation and no sideways scroll.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'quota@example.com';
const QUOTA = 12;
const FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;

async function expectReadable(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${state}: no sideways scroll`).toBe(false);
}

describe.skipIf(!CHROMIUM_PATH)('a run waiting for provider quota, in Chromium', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
      MONITOR_CITED_SCANS: '0',
      SIMULATOR_QUOTAS: FAMILIES.map((family) => `${family}=${QUOTA}`).join(','),
      PROVIDER_RATE_LIMITS: JSON.stringify(
        Object.fromEntries(FAMILIES.map((family) => [family, { rpm: QUOTA }])),
      ),
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('names the waiting families on the case page and the run page, at 1280 and 375 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    await page.getByLabel('Brand name').fill('Quota Analytics');
    await page.getByLabel('Domain', { exact: true }).fill('quota-analytics.example');
    await page.getByLabel('Category').fill('product analytics');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Quota Analytics' }).waitFor();
    await page.getByLabel('Run label (optional)').fill('quota-check');
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.getByText('The run has started').waitFor();
    const waits = page.locator('.quota-waits');
    await waits.first().waitFor({ timeout: 90_000 });
    const said = await waits.first().innerText();
    expect(said).toContain('Waiting for provider quota');
    expect(said).toMatch(
      /(OpenAI|Anthropic|Perplexity|Google) \((asking|judging)\): waiting since/,
    );
    expect(said).toMatch(/next call expected about \d\d:\d\d UTC/);
    await expectReadable('case page, 1280 px');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectReadable('case page, 375 px');

    await page.locator('#case-runs a', { hasText: 'quota-check' }).first().click();
    await page.getByText('answers asked').waitFor();
    const runPage = await page.locator('main').innerText();
    expect(runPage).toMatch(/This run is (queued|running)/);
    // The run page is drawn once (reload to see it move on): reload until a wait is in it.
    await expect
      .poll(
        async () => {
          if ((await waits.count()) === 0) await page.reload();
          return waits.count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    expect(await waits.first().innerText()).toContain('Waiting for provider quota');
    await expectReadable('run page, 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectReadable('run page, 1280 px');
  }, 180_000);
});
