/**
 * Buying Pro through the bundled Stripe simulator in Chromium, as a new user does after `npm
 * start` (issue 40): the plan page of a free account, "Upgrade to Pro" to the simulator's test
 * checkout ("Decline", then "Pay with a test card"), back on the plan page once Stripe's events
 * made the account Pro, a run started on a case, then "Manage billing" to the simulated customer
 * portal where a renewal payment fails, and the grace period's banner. axe-core checks every
 * state at 1280 and 375 px; screenshots `billing-*.png`.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
  screenshotDir,
} from './support/chromium.ts';
import { signInThroughPages } from './support/sign-in.ts';

if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'new-customer@example.com';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;

/** axe finds nothing and nothing scrolls sideways, at desktop then phone width; a shot of each. */
async function checkBothWidths(state: string, shot: string): Promise<void> {
  for (const [size, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${state} (${suffix})`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${state} (${suffix}) scrolls sideways`).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: join(shots, `billing-${shot}-${suffix}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Reloads the plan page until `shown` is on it (the events arrive on their own; no sleeps). */
async function reloadUntil(shown: () => Locator, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await shown().first().isVisible())) {
    expect(Date.now(), `${what} on ${page.url()}`).toBeLessThan(deadline);
    await page.reload();
  }
}

describe.skipIf(!CHROMIUM_PATH)('buying Pro through the simulated Stripe in Chromium', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '1',
      MONITOR_REPEATS: '1',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'free' });
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setViewportSize(DESKTOP);
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows a free account its plan, what Pro adds and an Upgrade button', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/billing`);
    await page.getByRole('heading', { name: 'Plan and billing' }).waitFor();
    await page.getByRole('heading', { name: 'What Pro adds' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true);
    expect(await page.locator('#plan-h').locator('..').innerText()).toMatch(
      /Free\s+Subscription\s+none/,
    );
    await checkBothWidths('plan page, free', 'free');
  });

  it('opens the test checkout, declines, then pays with the test card and comes back Pro', async () => {
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
    expect(page.url().startsWith(String(stack.billingSimulator?.url))).toBe(true);
    expect(await page.getByText(EMAIL).isVisible()).toBe(true);
    await checkBothWidths('test checkout', 'checkout');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Your card was declined');
    await checkBothWidths('test checkout, declined', 'declined');
    await page.getByRole('button', { name: 'Pay with a test card' }).click();
    // The page drops its ?notice= from the address once shown: wait for the notice itself.
    await page.getByText('Thank you. Stripe confirms the payment').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/billing');
    // The heading reads "Manage billing" only once the account pays ("Upgrade" before).
    await reloadUntil(() => page.getByRole('heading', { name: 'Manage billing' }), 'Pro');
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
    await checkBothWidths('plan page, Pro', 'pro');
  });

  it('lets the new Pro customer start a run from the case page', async () => {
    const key = await stack.createKey(['monitor:read', 'monitor:write'], { email: EMAIL });
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Acme',
        domain: 'acme.example',
        category: 'analytics',
        competitors: ['Globex'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const caseId = (created.body.case as { id: string }).id;
    await page.goto(`${stack.baseUrl}/dashboard/cases/${caseId}`);
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.waitForURL(new RegExp(`/dashboard/cases/${caseId}`));
    const runs = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key });
    const runId = (runs.body.runs as { id: string }[])[0]?.id;
    expect(runId, JSON.stringify(runs.body)).toBeDefined();
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  });

  it('manages billing in the portal: a failed renewal keeps Pro with a banner', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/billing`);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    await checkBothWidths('simulated customer portal', 'portal');
    await page.getByRole('button', { name: 'Renewal payment fails (test)' }).click();
    await page.getByText('The renewal payment failed (test).').waitFor();
    await page.getByRole('link', { name: 'Return to the service' }).click();
    await page.getByText('Back from billing').waitFor();
    await reloadUntil(() => page.getByText('A payment for the Pro plan failed.'), 'the banner');
    expect(await page.getByRole('alert').innerText()).toContain('Pro continues until');
    await checkBothWidths('plan page, payment overdue', 'overdue');
  });
});
