import { join } from 'node:path';
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
  screenshotDir,
} from './support/chromium.ts';
import { latestSignInLink } from './support/dashboard-http.ts';

/**
 * A way in for a visitor, in Chromium (docs/dashboard.md "A way in"): the home page's scan box
 * (a refused domain kept with its reason, then a scan and its public result page at desktop and
 * phone width), and a free account created from the sign-in page through the mailed link.
 * axe-core checks every state; screenshots `home.png`, `public-result-desktop.png`,
 * `public-result-phone.png`.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let resultUrl: string;

const shot = (name: string, fullPage = true) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage });

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

async function expectNoSidewaysScroll(state: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, state).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

describe.skipIf(!CHROMIUM_PATH)('a way in for visitors in Chromium', () => {
  beforeAll(async () => {
    [stack, site] = await Promise.all([
      startTestStack({ ALLOW_PRIVATE_TARGETS: '1' }),
      startFixtureSite('good'),
    ]);
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([stack?.close(), site?.close()]);
  });

  it('offers a scan box on the home page, and keeps a refused domain with its reason', async () => {
    await page.goto(`${stack.baseUrl}/`);
    const box = page.getByLabel('Domain or address of the site');
    expect(await box.getAttribute('name')).toBe('domain');
    await expectAccessible('home page');
    await shot('home', false);
    await box.fill('not a domain');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.locator('#scan-domain-error').waitFor();
    expect(await box.inputValue()).toBe('not a domain');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toContain('scan-domain-error');
    expect(await page.locator('#scan-domain-error').innerText()).toMatch(/domain/i);
    await expectAccessible('scan box with a refused domain');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll('scan box with a refused domain, phone');
    await page.goto(`${stack.baseUrl}/`);
    await expectNoSidewaysScroll('home page, phone');
    await expectAccessible('home page, phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('scans without an account and opens the public result page, which offers a free account', async () => {
    await page.getByLabel('Domain or address of the site').fill(site.host);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    resultUrl = page.url();
    await page.getByRole('heading', { name: `Agent readiness of ${site.host}` }).waitFor();
    await page
      .getByRole('heading', { name: 'Create a free account to keep your history' })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Scan your site' }).getAttribute('href')).toBe(
      '/#scan',
    );
    await expectAccessible('public result page, desktop');
    await shot('public-result-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll('public result page, phone');
    await expectAccessible('public result page, phone');
    await shot('public-result-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('creates a free account from the sign-in page and lands on the overview', async () => {
    await page.goto(resultUrl);
    await page.getByRole('link', { name: 'Create a free account' }).first().click();
    await page.getByRole('heading', { name: 'Sign in or create a free account' }).waitFor();
    await expectAccessible('sign-in page with sign-up open');
    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
    await page.getByText('a link that creates your free account is').waitFor();
    const link = latestSignInLink(email);
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Create your free account' }).waitFor();
    await expectAccessible('sign-up confirmation');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.locator('#plan-h + p.big').innerText()).toBe('Free');
    await expectAccessible('overview of a new free account');
    // The link worked once.
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'This sign-in link does not work' }).waitFor();
  });
});
