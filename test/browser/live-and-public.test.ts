import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
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
 * Live regions that keep going to the end state without a reload (a batch over slow sites, a
 * monitor run with one provider call at a time), announced once with that end state; then the
 * public result page and its badge at desktop and phone width. axe-core checks every state.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'live@example.com';
type Site = Awaited<ReturnType<typeof startFixtureSite>>;
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let slowSites: Site[] = [];
let scanId: string;

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

/** Marks the document and records what the live region says, to see no reload and one announcement. */
async function watchAnnouncer(): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as { sameDocument: boolean; announced: string[] };
    win.sameDocument = true;
    win.announced = [];
    const region = document.getElementById('announcer');
    if (!region) throw new Error('no announcer');
    new MutationObserver(() => win.announced.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
}

const watched = () =>
  page.evaluate(() => {
    const win = window as unknown as { sameDocument?: boolean; announced?: string[] };
    return { sameDocument: win.sameDocument === true, announced: win.announced ?? [] };
  });

describe.skipIf(!CHROMIUM_PATH)('live updates and the public result page in Chromium', () => {
  beforeAll(async () => {
    // Slow enough that a batch is visibly under way when its page first shows.
    slowSites = await Promise.all([
      startFixtureSite('good', { latencyMs: 1200 }),
      startFixtureSite('poor', { latencyMs: 1200 }),
    ]);
    stack = await startTestStack({
      ALLOW_PRIVATE_TARGETS: '1',
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
      // One provider call at a time per family: the run is visibly under way first.
      MONITOR_CONCURRENCY: '1',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await Promise.all(slowSites.map((site) => site.close()));
  });

  it('follows a batch to its end without a reload and announces the end state once', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/batches`);
    await page
      .getByLabel('Domains, one per line')
      .fill(slowSites.map((site) => site.host).join('\n'));
    await page.getByRole('button', { name: 'Queue the batch' }).click();
    await page.getByText('2 accepted').waitFor();
    await watchAnnouncer();
    // Mid-way: still polling, not yet finished.
    expect(await page.locator('#job-progress[data-poll]').count()).toBe(1);
    expect(await page.locator('#job-progress').innerText()).not.toContain('2 of 2 finished');
    await expectAccessible('batch running');
    await page.locator('#job-progress').getByText('2 of 2 finished').waitFor({ timeout: 90_000 });
    // The counts can be complete a moment before the job's own status is: the end state is
    // when the page stops asking for more.
    await page.locator('#job-progress[data-poll]').waitFor({ state: 'detached', timeout: 60_000 });
    const doneText = await page.locator('#job-progress').getAttribute('data-done-text');
    expect(doneText).toMatch(/^Batch (done|completed|finished): 2 done, 0 failed\.$/);
    await expect.poll(async () => (await watched()).announced).toEqual([doneText]);
    expect((await watched()).sameDocument).toBe(true);
    // More than one refresh: polling went on after the first one.
    const polls = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch').length,
    );
    expect(polls).toBeGreaterThan(1);
    expect(await page.locator('#job-bar').getAttribute('value')).toBe('2');
    // The new summary: every row has its score and a link to its result.
    const rows = page.locator('#job-results tbody tr');
    expect(await rows.count()).toBe(2);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/\bdone\s+\d+\s+Result/);
    expect(await page.locator('#job-progress[data-poll]').count()).toBe(0);
    await expectAccessible('batch finished');
    const href = (await page.locator('#job-results a').first().getAttribute('href')) ?? '';
    scanId = /([0-9a-f-]{36})$/.exec(href)?.[1] ?? '';
    expect(scanId).not.toBe('');
  });

  it('follows a monitor run to its end and draws the new summary without a reload', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    await page.getByLabel('Brand name').fill('Acme Analytics');
    await page.getByLabel('Domain', { exact: true }).fill('acme-analytics.example');
    await page.getByLabel('Category').fill('product analytics');
    await page.getByLabel('Competitors').fill('Globex Insights | globex.example | Globex');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Acme Analytics' }).waitFor();
    await page.getByLabel('Run label (optional)').fill('live-check');
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.getByText('The run has started').waitFor();
    await watchAnnouncer();
    expect(await page.locator('#case-runs[data-poll]').count()).toBe(1);
    expect(await page.locator('#case-runs').innerText()).toMatch(/queued|running/);
    expect(await page.locator('#case-summary').innerText()).toContain('has finished yet');
    await expectAccessible('run under way');
    await page.locator('#case-runs[data-poll]').waitFor({ state: 'detached', timeout: 200_000 });
    const row = page.locator('#case-runs tbody tr', { hasText: 'live-check' });
    expect(await row.innerText()).toContain('done');
    // The new summary, drawn in place: the latest run's total score and its chart.
    await page
      .getByRole('heading', { name: 'Summary of the latest run' })
      .waitFor({ timeout: 5_000 });
    const total = (await page.locator('#case-summary .big').innerText()).replace(/\/100$/, '');
    expect(await page.locator('#case-summary').innerText()).toContain('Run “live-check”, finished');
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[5]).toBe(total);
    await expect
      .poll(async () => (await watched()).announced)
      .toEqual([`Run live-check done, score ${total}.`]);
    expect((await watched()).sameDocument).toBe(true);
    expect(await page.getByRole('img', { name: /Score over time/ }).count()).toBe(1);
    await expectAccessible('run finished');
  }, 240_000);

  it('shows the public result page at desktop width, with the badge loaded', async () => {
    await page.setViewportSize({ width: 1024, height: 720 });
    const response = await page.goto(`${stack.baseUrl}/scans/${scanId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('img', { name: /^Score \d+ out of 100/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Fix these first' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Create a free account' }).count()).toBe(2);
    const badge = page.locator('#badge img');
    await expect
      .poll(() => badge.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(50);
    expect(await page.locator('#badge pre').first().innerText()).toContain('/badge/');
    // Issue 37: where the scan ran, and what Lighthouse would say beside llms and agent.
    expect(await page.getByRole('heading', { name: 'Where this scan ran' }).count()).toBe(1);
    expect(await page.locator('#check-llms .peers').innerText()).toMatch(
      /Lighthouse would say[\s\S]*llms-txt/,
    );
    await expectAccessible('public page, desktop');
    // Its screenshots come from test/browser/way-in.test.ts, which reaches it from the home page.
  });

  it('wraps the public page and its 404 at 375 px with no sideways scroll', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, state] of [
      [`/scans/${scanId}`, 'public page, phone'],
      ['/scans/00000000-0000-4000-8000-000000000000', 'not found page, phone'],
    ] as const) {
      await page.goto(`${stack.baseUrl}${path}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        state,
      ).toBeLessThanOrEqual(375);
      await expectAccessible(state);
    }
    expect(await page.getByRole('heading', { name: 'We could not find this scan' }).count()).toBe(
      1,
    );
    expect(await page.content()).not.toContain('POST /api');
    await page.setViewportSize({ width: 1024, height: 720 });
  });
});
