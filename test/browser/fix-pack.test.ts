import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  screenshotDir,
} from './support/chromium.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * The fix pack on the dashboard's scan page (issue 38, point 5) in Chromium: the fixes with
 * their generated files to copy or download, "Check my fixes" opening the new scan with what it
 * found, at 1280 and 375 px, with axe-core finding nothing.
 */
const EMAIL = 'fixes@example.com';
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let scanId: string;

describe.skipIf(!CHROMIUM_PATH)('the fix pack in Chromium', () => {
  beforeAll(async () => {
    site = await startFixtureSite('poor');
    stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    const key = await stack.createKey(['scans:read', 'scans:write'], { email: EMAIL });
    const { body } = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.url },
    });
    scanId = (body.scan as { id: string }).id;
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await site?.close();
  });

  it('lists the fixes with files to copy and download, and passes axe at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.baseUrl}/dashboard/scans/${scanId}`);
      await page.getByRole('heading', { name: 'Fix pack' }).waitFor();
      const first = page.locator('ul.fixes details').first();
      await first.locator('summary').click();
      await page.screenshot({ path: join(shots, `fix-pack-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
    }
    const llms = page.locator('textarea').filter({ hasText: '# ' }).first();
    expect(await llms.inputValue()).toMatch(/^# /);
    expect(await page.getByRole('button', { name: /^Download / }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Copy' }).count()).toBeGreaterThan(0);
  });

  it('"Check my fixes" scans again and opens the new scan with what is fixed, still and new', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/dashboard/scans/${scanId}`);
    await page.getByRole('button', { name: 'Check my fixes' }).click();
    await page.getByRole('heading', { name: 'Your fixes, checked' }).waitFor();
    expect(page.url()).toContain(`?verified=${scanId}`);
    expect(page.url()).not.toContain(`/dashboard/scans/${scanId}?`);
    expect(await page.getByText('Still to fix:').isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'fix-pack-verified.png'), fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });
});
