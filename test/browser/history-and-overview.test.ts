import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { type SwitchableSite, startSwitchableSite } from '#test/support/switchable-site';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint, waitForDelivery } from '#test/support/webhooks';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
  screenshotDir,
} from './support/chromium.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * What changed, in Chromium (docs/dashboard.md "Scan history", "Pages"): the scans page grouped
 * by domain with trend lines, search and band filter; a rescan that opens the domain's history
 * with the change of each check; the overview of an empty account and of one with scans, cases
 * with finished runs, a batch under way and a failing endpoint. axe-core checks every state.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'history@example.com';
type Site = Awaited<ReturnType<typeof startFixtureSite>>;
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let key: string;
let changing: SwitchableSite;
let sites: Site[] = [];
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;

const shot = (name: string) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

async function api(method: string, path: string, body?: unknown) {
  const response = await callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body as Record<string, unknown>;
}

async function scan(domain: string): Promise<void> {
  await api('POST', '/api/v1/scans', { domain });
}

/** Starts a run of the case and waits until it is done. */
async function runCase(caseId: string, label: string): Promise<void> {
  await api('POST', `/api/v1/cases/${caseId}/runs`, { label });
  await expect
    .poll(
      async () => {
        const { runs } = (await api('GET', `/api/v1/cases/${caseId}/runs`)) as {
          runs: { label: string; status: string }[];
        };
        return runs.find((run) => run.label === label)?.status;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe('done');
}

const historyRows = () => page.getByRole('region', { name: 'Scanned domains' }).locator('tbody tr');

describe.skipIf(!CHROMIUM_PATH)('scan history and the overview in Chromium', () => {
  beforeAll(async () => {
    certificate = await makeLoopbackCertificate();
    untrust = trustCertificate(certificate.cert);
    receiver = await startWebhookReceiver(certificate);
    changing = await startSwitchableSite('poor');
    sites = await Promise.all([
      startFixtureSite('good'),
      startFixtureSite('named-ai-group'),
      // Slow enough that a batch over them is still under way when the overview shows it.
      startFixtureSite('good', { latencyMs: 2500 }),
      startFixtureSite('poor', { latencyMs: 2500 }),
    ]);
    stack = await startTestStack({
      ALLOW_PRIVATE_TARGETS: '1',
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
      WEBHOOK_RETRY_DELAYS_S: '100',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    key = await stack.createKey(
      ['scans:read', 'scans:write', 'monitor:read', 'monitor:write', 'webhooks:manage'],
      { email: EMAIL },
    );
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await Promise.all([changing?.close(), receiver?.close(), ...sites.map((site) => site.close())]);
    untrust?.();
    await certificate?.close();
  });

  it('offers "Get started" to an account with nothing yet', async () => {
    expect(await page.getByRole('heading', { name: 'Get started' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Recent scans' }).count()).toBe(0);
    await expectAccessible('overview, empty account');
  });

  it('groups scans by domain, searches, filters, and rescans into the per-check change', async () => {
    const [good, named] = sites as [Site, Site];
    await scan(changing.host);
    await scan(good.host);
    await scan(good.host);
    await scan(named.host);
    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    // One row per domain, most recently scanned first, each with its trend as an image.
    expect(await historyRows().count()).toBe(3);
    expect(await historyRows().first().innerText()).toContain(named.host);
    const goodRow = historyRows().filter({ hasText: good.host });
    // Score, change, trend, number of scans: the same site twice is "±0" over 2 scans.
    const cells = await goodRow.locator('td').allInnerTexts();
    expect(cells[1]).toContain('±0');
    expect(await goodRow.getByRole('img', { name: /^Score trend of/ }).count()).toBe(1);
    expect(cells[3]).toBe('2');
    await expectAccessible('scan history');

    // Search by part of the domain, then a band no domain is in.
    await page.getByLabel('Domain contains').fill(good.host.split(':')[1] ?? '');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/q=/);
    expect(await historyRows().count()).toBe(1);
    expect(await historyRows().first().innerText()).toContain(good.host);
    await expectAccessible('scan history, searched');
    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    await page.getByLabel('Score band').selectOption('poor');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/band=poor/);
    const poorCount = await historyRows().count();
    expect(poorCount).toBeGreaterThan(0);
    for (const text of await historyRows().allInnerTexts()) {
      const score = Number(text.split('\t')[1]);
      expect(score).toBeLessThan(50);
    }
    await expectAccessible('scan history, filtered');

    // The site improves; a rescan from the list opens the domain's history with the change.
    changing.become('good');
    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    await page.getByRole('button', { name: `Rescan ${changing.host}` }).click();
    await page.getByRole('heading', { name: `Scan history of ${changing.host}` }).waitFor({
      timeout: 60_000,
    });
    const rows = page.getByRole('region', { name: 'Scans of this domain' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const latest = await rows.first().innerText();
    // Checks by their names, never their internal ids (`render`, `llms`).
    expect(latest).toMatch(/llms\.txt \+\d/);
    expect(latest).not.toMatch(/\b(render|crawler|markdown) [+−]/);
    expect(latest).toMatch(/up \d+ points|▲ \+\d+/);
    expect(await rows.last().innerText()).toContain('first scan of this domain');
    await expectAccessible('domain history after a rescan');
    await shot('scan-history-domain');

    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    const improved = historyRows().filter({ hasText: changing.host });
    expect(await improved.innerText()).toMatch(/▲ \+\d+/);
    await shot('scan-history');
  }, 120_000);

  it('shows what changed on the overview: scans, cases, a batch under way, a failing endpoint', async () => {
    const created = (await api('POST', '/api/v1/cases', {
      name: 'Northwind Payroll',
      domain: 'northwind.example',
      category: 'payroll software',
      competitors: ['Contoso Pay'],
    })) as { case: { id: string } };
    await runCase(created.case.id, 'first');
    await runCase(created.case.id, 'second');
    receiver.respond('/failing', [500]);
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: receiver.url('/failing'),
      label: 'Billing sync',
      events: ['scan.completed'],
    });
    await api('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    await waitForDelivery(
      stack.baseUrl,
      key,
      (delivery) =>
        delivery.endpoint_id === endpoint.id &&
        (delivery.status === 'failed' || delivery.attempts > 0),
    );
    const [, , slowGood, slowPoor] = sites as [Site, Site, Site, Site];
    await api('POST', '/api/v1/scans/batch', { domains: [slowGood.host, slowPoor.host] });

    await page.goto(`${stack.baseUrl}/dashboard`);
    expect(await page.getByRole('heading', { name: 'Get started' }).count()).toBe(0);
    const recent = page.getByRole('region', { name: 'Recent scans' });
    expect(await recent.innerText()).toContain(changing.host);
    expect(await recent.locator('tbody tr').filter({ hasText: changing.host }).innerText()).toMatch(
      /▲ \+\d+/,
    );
    const cases = page.getByRole('region', { name: 'Cases' });
    expect(await cases.innerText()).toContain('Northwind Payroll');
    expect(
      await cases.getByRole('img', { name: /^Score trend of Northwind Payroll/ }).count(),
    ).toBe(1);
    expect(await page.getByRole('heading', { name: 'Batches in progress' }).count()).toBe(1);
    const failing = page.getByRole('heading', { name: 'Webhook endpoints failing' });
    expect(await failing.count()).toBe(1);
    expect(await page.locator('section', { has: failing }).innerText()).toContain('Billing sync');
    expect(await page.getByRole('heading', { name: 'Scans today' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Batch quota today' }).count()).toBe(1);
    await expectAccessible('overview with data');
    await shot('overview');
  }, 300_000);
});
