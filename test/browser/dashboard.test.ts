import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
  screenshotDir,
} from './support/chromium.ts';
import { requestAndFollowLink } from './support/sign-in.ts';

/**
 * The dashboard in a real headless Chromium against the embedded stack: a person signs in
 * through the mailed link, creates a key, scans a site, queues a batch, creates a case and runs
 * it, and registers a webhook. The tests run in order in one browser profile, like one visit.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'browser@example.com';
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let slowSite: Awaited<ReturnType<typeof startFixtureSite>>;

const shot = (name: string) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

describe.skipIf(!CHROMIUM_PATH)('the dashboard in Chromium', () => {
  beforeAll(async () => {
    certificate = await makeLoopbackCertificate();
    untrust = trustCertificate(certificate.cert);
    receiver = await startWebhookReceiver(certificate);
    site = await startFixtureSite('good');
    // Slow enough that the live status of a running scan can be seen.
    slowSite = await startFixtureSite('good', { latencyMs: 250 });
    stack = await startTestStack({
      ALLOW_PRIVATE_TARGETS: '1',
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    shots = await screenshotDir();
    browser = await launchChromium();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.baseUrl,
    });
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await Promise.all([receiver?.close(), site?.close(), slowSite?.close()]);
    untrust?.();
    await certificate?.close();
  });

  it('signs in through the link mailed to the outbox', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/keys`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.getByLabel('E-mail address').fill(EMAIL);
    await shot('sign-in');
    await requestAndFollowLink(page, EMAIL);
    expect(await page.getByText(`Signed in as ${EMAIL}`).count()).toBe(1);
    const cookies = await browser.context.cookies(stack.baseUrl);
    expect(cookies.find((cookie) => cookie.name === 'ars_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('creates a key and shows it once, with a working copy button', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('monitor:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const field = page.locator('#new-key');
    const key = await field.inputValue();
    expect(key).toMatch(/^ars_[0-9A-Za-z]{46}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot('keys');
    await page.reload();
    expect(await page.content()).not.toContain(key);
    expect(
      await page
        .getByRole('cell', { name: 'monitor:read scans:read scans:write', exact: true })
        .count(),
    ).toBe(1);
  });

  it('runs a scan with live status and shows the shareable result', async () => {
    await page.getByRole('link', { name: 'Scans' }).click();
    await page.getByLabel('Domain or URL').fill(slowSite.host);
    await page.getByRole('button', { name: 'Scan now' }).click();
    await page.getByText(/Scanning 127\.0\.0\.1:\d+: \d+ s so far\./).waitFor();
    expect(await page.getByRole('button', { name: 'Scan now' }).isDisabled()).toBe(true);
    await page.waitForURL(/\/dashboard\/scans\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await page.getByRole('heading', { name: `Agent readiness of ${slowSite.host}` }).waitFor();
    const shareUrl = await page.locator('#share-url').inputValue();
    expect(shareUrl).toMatch(/\/scans\/[0-9a-f-]{36}$/);
    await shot('scan-result');
    const share = await page.context().newPage();
    const response = await share.goto(shareUrl);
    expect(response?.status()).toBe(200);
    await share.close();
  });

  it('queues a batch from an uploaded list and follows its progress to the end', async () => {
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.locator('#f-upload').setInputFiles({
      name: 'domains.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`domain,note\n${site.host},ours\nnot a domain,bad\n`),
    });
    // The file is read in the page, asynchronously.
    await expect
      .poll(() => page.getByLabel('Domains, one per line').inputValue())
      .toBe(`${site.host}\nnot a domain`);
    await page.getByRole('button', { name: 'Queue the batch' }).click();
    await page.getByText('1 accepted, 1 rejected').waitFor();
    await page.locator('#job-progress').getByText('1 of 1 finished').waitFor({ timeout: 60_000 });
    expect(await page.locator('#job-bar').getAttribute('value')).toBe('1');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download results (CSV)' }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(
      new RegExp(`^domain,status,score.*\\r\\n${site.host},done,`, 's'),
    );
  });

  it('creates a case, starts a run and draws its summary when the run is done', async () => {
    await page.getByRole('link', { name: 'Cases' }).click();
    await page.getByRole('link', { name: 'New case' }).click();
    await page.getByLabel('Brand name').fill('Acme Analytics');
    await page.getByLabel('Domain', { exact: true }).fill('acme-analytics.example');
    await page.getByLabel('Category').fill('product analytics');
    await page.getByLabel('Competitors').fill('Globex Insights | globex.example | Globex\nInitech');
    await page.getByLabel('Other names of the brand').fill('Acme');
    await page.getByLabel('Fact sheet').fill('pricing: from $29 per month\nfounded: 2019');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Acme Analytics' }).waitFor();
    await page.getByRole('button', { name: 'Start a run' }).click();
    await page.getByText('The run has started').waitFor();
    // The live region refreshes itself: no reload.
    await page.locator('#chart-share').waitFor({ timeout: 90_000 });
    await page.locator('#case-runs').getByText('done').waitFor();
    // Its bars open the answers behind them, so the drawing is a group of links, not an image.
    expect(
      await page.getByRole('group', { name: /Share of answer against competitors/ }).count(),
    ).toBe(1);
    expect(await page.getByRole('img', { name: /Score over time/ }).count()).toBe(1);
    await shot('case-summary');
  });

  it('registers a webhook, shows its secret once and sends a signed test event', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Receiver URL').fill(receiver.url('/browser'));
    await page.getByLabel('Label (optional)').fill('browser test');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.locator('#new-secret').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: /^Send test event/ }).click();
    await page.getByText('The test event was delivered').waitFor();
    const [request] = await receiver.waitFor('/browser', 1);
    expect(
      verifyDelivery({
        headers: request?.headers ?? {},
        rawBody: request?.rawBody ?? Buffer.alloc(0),
        secrets: [secret],
      }).ok,
    ).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await page
      .locator('#deliveries')
      .getByRole('cell', { name: 'webhook.test', exact: true })
      .waitFor();
    await shot('webhooks');
    await page.getByRole('button', { name: /^Pause/ }).click();
    await page.getByText('The endpoint is paused').waitFor();
    await page.getByRole('button', { name: /^Resume/ }).waitFor();
  });

  it('keeps every page labelled, with one heading and the skip link first in focus order', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/keys',
      '/dashboard/scans',
      '/dashboard/batches',
      '/dashboard/cases',
      '/dashboard/webhooks',
    ]) {
      await page.goto(`${stack.baseUrl}${path}`);
      const problems = await page.evaluate(() => {
        const unlabelled = Array.from(
          document.querySelectorAll('input:not([type=hidden]), textarea, select'),
        )
          .filter(
            (field) =>
              !(field as HTMLInputElement).labels?.length && !field.getAttribute('aria-label'),
          )
          .map((field) => field.outerHTML.slice(0, 80));
        return { unlabelled, h1: document.querySelectorAll('h1').length };
      });
      expect(problems, path).toEqual({ unlabelled: [], h1: 1 });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), path).toBe(
        'Skip to content',
      );
    }
  });

  it('signs out, and the session no longer opens a page', async () => {
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${stack.baseUrl}/dashboard/keys`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
  });
});
