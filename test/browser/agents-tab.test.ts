import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { ADDRESSES, combinedLine, type Request, USER_AGENTS } from '#test/support/access-logs';
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

/**
 * A domain's Agents tab in Chromium (issue 30, point 6): the empty state explains how to export
 * logs from nginx, CloudFront and Cloudflare; a log uploaded through the form shows its progress
 * and, once read, the agents table, the daily chart, verified against spoofed, the never-fetched
 * pages and a conflict linked to the latest scan's findings. axe-core checks every state.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'agents-tab@example.com';
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let folder: string;
let domain: string;

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

function requests(): Request[] {
  const out: Request[] = [];
  for (let back = 6; back >= 0; back -= 1) {
    const at = `${day(back)}T09:${String(10 + back).padStart(2, '0')}:00`;
    out.push(
      { address: ADDRESSES.gptbot, at, path: '/', status: 200, userAgent: USER_AGENTS.gptbot },
      {
        address: ADDRESSES.claudebot,
        at,
        path: '/pricing',
        status: 200,
        userAgent: USER_AGENTS.claudebot,
      },
      {
        address: ADDRESSES.outside,
        at,
        path: '/pricing',
        status: 200,
        userAgent: USER_AGENTS.gptbot,
      },
      {
        address: ADDRESSES.perplexity,
        at,
        path: '/docs/getting-started',
        status: 200,
        userAgent: USER_AGENTS.perplexity,
      },
      { address: ADDRESSES.person, at, path: '/', status: 200, userAgent: USER_AGENTS.person },
    );
    if (back % 2 === 0) {
      out.push({
        address: ADDRESSES.searchbot,
        at,
        path: '/blog/agent-ready',
        status: 403,
        userAgent: USER_AGENTS.searchbot,
      });
      out.push({
        address: ADDRESSES.outside,
        at,
        path: '/',
        status: 200,
        userAgent: USER_AGENTS.meta,
      });
    }
  }
  return out;
}

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

describe.skipIf(!CHROMIUM_PATH)('the Agents tab in Chromium', () => {
  beforeAll(async () => {
    site = await startFixtureSite('good');
    stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    const key = await stack.createKey(['scans:read', 'scans:write'], { email: EMAIL });
    const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.host },
    });
    expect(scanned.status).toBe(201);
    domain = (scanned.body.scan as { domain: string }).domain;
    folder = await mkdtemp(join(tmpdir(), 'agents-tab-'));
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await site?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('explains how to export logs before the first upload', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/domains/${encodeURIComponent(domain)}`);
    await page.getByRole('link', { name: 'AI agents' }).click();
    await expect.poll(() => page.url()).toContain('/agents');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`AI agents on ${domain}`);
    for (const place of ['nginx (or Apache)', 'Amazon CloudFront', 'Cloudflare']) {
      expect(await page.getByRole('heading', { name: place }).count(), place).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'AI agents' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectAccessible('empty Agents tab');
  });

  it('uploads a gzip log through the form with its progress, then shows what the agents did', async () => {
    const file = join(folder, 'access.log.gz');
    writeFileSync(file, gzipSync(requests().map(combinedLine).join('\n')));
    await page.getByLabel('Log file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'uploaded and queued' }).count())
      .toBe(1);
    // The uploads region refreshes itself until the upload is read.
    await expect
      .poll(() => page.getByRole('region', { name: 'Uploads' }).textContent(), { timeout: 30_000 })
      .toContain('done');
    await page.reload();
    const agents = page.getByRole('region', { name: 'Agents' });
    expect(await agents.getByRole('row', { name: /GPTBot/ }).count()).toBe(1);
    expect(await page.locator('#daily-hits svg[role=img]').count()).toBe(1);
    expect(await page.locator('#verification svg[role=img]').count()).toBe(1);
    const never = page.locator('#never-h + p + ul');
    expect(await never.textContent()).toContain('/blog/agent-ready');
    const conflicts = page.getByRole('region', { name: 'Conflicts' });
    expect(await conflicts.getByRole('row', { name: /OAI-SearchBot/ }).count()).toBe(1);
    expect(
      await page
        .getByRole('link', { name: 'the latest scan’s robots.txt findings' })
        .getAttribute('href'),
    ).toMatch(/^\/scans\/[0-9a-f-]+#check-crawler$/);
    await expectAccessible('Agents tab with data');
    await page.screenshot({ path: join(shots, 'agents-tab.png'), fullPage: true });
  });

  it('says so when the same log is uploaded again, and counts nothing twice', async () => {
    const before = await page.getByRole('region', { name: 'Agents' }).textContent();
    await page.getByLabel('Log file').setInputFiles(join(folder, 'access.log.gz'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'uploaded before' }).count())
      .toBe(1);
    expect(await page.getByRole('region', { name: 'Agents' }).textContent()).toBe(before);
    await expectAccessible('upload of a known log');
  });

  it('shows a refused upload as an error on the tab', async () => {
    const file = join(folder, 'notes.txt');
    writeFileSync(file, 'Dear diary,\nno requests today.\n');
    await page.getByLabel('Log file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('not an access log we can read');
    await expectAccessible('refused upload');
  });
});
