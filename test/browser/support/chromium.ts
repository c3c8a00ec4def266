import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * A real headless Chromium for the browser tests: Debian's package (or CHROMIUM_PATH), driven
 * by playwright-core, which downloads no browser. Each run gets a fresh profile directory.
 */
export const CHROMIUM_CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const CHROMIUM_PATH = CHROMIUM_CANDIDATES.find((path) => existsSync(path));

export const SKIP_REASON = `no Chromium at ${CHROMIUM_CANDIDATES.join(' or ')}: the browser tests are skipped (install it with "apt-get install -y chromium", or set CHROMIUM_PATH)`;

/** Headless Chromium that talks to nothing but the pages it is sent to (no background traffic). */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<RunningBrowser> {
  if (!CHROMIUM_PATH) throw new Error(SKIP_REASON);
  const profile = await mkdtemp(join(tmpdir(), 'dashboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', ...QUIET_CHROMIUM_ARGS],
    viewport: { width: 1024, height: 720 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go: docs/screenshots/ when UPDATE_SCREENSHOTS=1, else .test-results/. */
export async function screenshotDir(): Promise<string> {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : '.test-results/screenshots';
  await mkdir(dir, { recursive: true });
  return dir;
}
