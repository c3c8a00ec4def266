/**
 * The `/docs` page in Chromium: a table of contents whose every link lands on a section, a
 * section with a request and a response example for every API route (the manifest's other
 * routes as compact examples), inline code rendered (no raw backticks in the prose) and axe-core
 * finding nothing, with the collapsed parts closed and opened.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
  screenshotDir,
} from './support/chromium.ts';

if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

let server: Server;
let baseUrl: string;
let browser: RunningBrowser;
let page: Page;

describe.skipIf(!CHROMIUM_PATH)('the docs page in Chromium', () => {
  beforeAll(async () => {
    server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(renderDocsPage(baseUrl).toString());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(`${baseUrl}/docs`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('links every table-of-contents entry to a section on the page', async () => {
    const missing = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('nav.toc a[href^="#"]'))
        .map((link) => link.getAttribute('href')?.slice(1) ?? '')
        .filter((id) => !document.getElementById(id)),
    );
    expect(missing).toEqual([]);
    await page.click('nav.toc a[href="#scan_domain"]');
    expect(await page.evaluate(() => window.location.hash)).toBe('#scan_domain');
    const top = await page.evaluate(
      () => document.getElementById('scan_domain')?.getBoundingClientRect().top ?? -1,
    );
    expect(Math.abs(top)).toBeLessThan(5);
  });

  it('shows an example for every route of the manifest', async () => {
    const ids = ROUTES.map((route) => route.operationId);
    const found = await page.evaluate(
      (all) =>
        all.filter((id) => document.getElementById(id)?.querySelector('pre code')?.textContent),
      ids,
    );
    expect(found).toEqual(ids);
    const response = await page.textContent('#scan_domain-response + pre');
    expect(response).toMatch(/^201 Created/);
    expect(response).toContain('"meta"');
  });

  it('renders inline code instead of raw backticks', async () => {
    const prose = await page.evaluate(() =>
      Array.from(document.querySelectorAll('p, li, td, summary'))
        .filter((node) => !node.closest('pre'))
        .map((node) => node.textContent ?? '')
        .filter((text) => text.includes('`')),
    );
    expect(prose).toEqual([]);
  });

  it('fits a 375 px screen with every part open: no table or example wider than the page', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => {
      for (const details of Array.from(document.querySelectorAll('details'))) details.open = true;
    });
    const wide = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll('body *'))
        .filter((node) => {
          const box = node.getBoundingClientRect();
          if (box.width === 0 || box.right <= width + 1) return false;
          // Inside a box that scrolls on its own, a wide part is reachable and cut off nowhere.
          for (let up = node.parentElement; up; up = up.parentElement) {
            const overflow = getComputedStyle(up).overflowX;
            if (
              (overflow === 'auto' || overflow === 'scroll') &&
              up.getBoundingClientRect().right <= width + 1
            )
              return false;
          }
          return true;
        })
        .slice(0, 10)
        .map(
          (node) =>
            `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} ${Math.round(node.getBoundingClientRect().width)} px`,
        );
    });
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page), '375 px').toEqual([]);
    const shots = await screenshotDir();
    await page
      .locator('#mcp')
      .screenshot({ path: join(shots, 'docs-phone.png') })
      .catch(() => undefined);
    await page.setViewportSize({ width: 1024, height: 720 });
  }, 60_000);

  it('passes axe-core with its collapsed parts closed and open', async () => {
    expect(await axeViolations(page), 'closed').toEqual([]);
    await page.evaluate(() => {
      for (const details of Array.from(document.querySelectorAll('details'))) details.open = true;
    });
    expect(await axeViolations(page), 'open').toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    const shots = await screenshotDir();
    await page.screenshot({ path: join(shots, 'docs.png') });
    await page.locator('#create_case').screenshot({ path: join(shots, 'docs-route.png') });
  }, 60_000);
});
