import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { type SwitchableSite, startSwitchableSite } from '#test/support/switchable-site';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
} from './support/chromium.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * The monitor's loop on the case page (issue 29, point 5), in Chromium: a case whose site was
 * fixed and scanned between two runs, its citations following. The page shows the change with
 * its cause badge and the evidence (the scans, the checks), the canaries of every family with the
 * models they served and their drift, and the fixes timeline with its verdict; axe-core finds
 * nothing in it, nor in the run's own page.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'loop@example.com';
let stack: TestStack;
let site: SwitchableSite;
let browser: RunningBrowser;
let page: Page;
let key: string;
let caseId: string;

async function scanSite(): Promise<void> {
  const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: `loopfix.localhost:${site.host.split(':')[1]}` },
  });
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
}

async function runToTheEnd(): Promise<string> {
  const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const runId = (started.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  return runId;
}

describe.skipIf(!CHROMIUM_PATH)('the monitor loop on the case page in Chromium', () => {
  beforeAll(async () => {
    site = await startSwitchableSite('poor');
    stack = await startTestStack({
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '3',
      MONITOR_REPEATS: '2',
      MONITOR_CITED_SCANS: '1',
      ALLOW_PRIVATE_TARGETS: '1',
      SCAN_DEADLINE_MS: '10000',
      SIMULATOR_SEED: 'case-loop',
      SIMULATOR_CITATION_RATE: '0.1',
      SIMULATOR_SITE_ORIGINS: `loopfix.localhost=http://loopfix.localhost:${site.host.split(':')[1]}`,
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    key = await stack.createKey(['monitor:read', 'monitor:write', 'scans:write'], { email: EMAIL });
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Loopfix Co',
        domain: 'loopfix.localhost',
        category: 'fleet management software',
        competitors: ['Convoy Ltd', 'Roadwise Ltd'],
        use_cases: ['route planning'],
      },
    });
    caseId = (created.body.case as { id: string }).id;
    await scanSite();
    await runToTheEnd();
    site.become('good');
    await scanSite();
    stack.setSimulatorScenario({ ownSite: { brands: ['Loopfix Co'], citationRate: 1 } });
    await runToTheEnd();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await site?.close();
  });

  it('shows the change with its cause badge and the evidence that decided it', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/${caseId}`);
    const changes = page.getByRole('region', { name: 'Changes and their causes' });
    const row = changes.getByRole('row', { name: /Own citation rate/ });
    await row.waitFor();
    expect(await row.locator('.badge').innerText()).toBe('Your site changed');
    expect(await row.getByRole('link').count()).toBe(2);
    expect(await row.innerText()).toMatch(/Check llms: bad → good/);
    expect(await axeViolations(page), 'case page with the loop').toEqual([]);
  });

  it('shows the canaries of every family: models served and drift per run', async () => {
    const panel = page.locator('#canaries');
    for (const family of ['OpenAI', 'Anthropic', 'Perplexity', 'Google']) {
      const table = panel.getByRole('region', { name: `Canaries of ${family}` });
      expect(await table.getByRole('row').count()).toBe(3);
      // The first run has nothing to compare with; the second has a drift with its range.
      expect(await table.getByRole('row').nth(1).locator('td').last().innerText()).toBe('–');
      expect(await table.getByRole('row').nth(2).locator('td').last().innerText()).toMatch(/%/);
    }
  });

  it('shows the fixes as a timeline with their verdicts', async () => {
    const items = page.locator('#fixes ol.timeline > li');
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.first().locator('.badge').innerText()).toBe('Too early to tell');
    expect(await items.first().innerText()).toMatch(/two are needed/);
    await page.screenshot({ path: '.test-results/case-loop.png', fullPage: true });
  });

  it('shows the same changes on the run’s own page, accessibly', async () => {
    await page.locator('#case-runs tbody td:first-child a').first().click();
    await page.getByRole('region', { name: 'Changes and their causes' }).waitFor();
    expect(await axeViolations(page), 'run page with its changes').toEqual([]);
  });
});
