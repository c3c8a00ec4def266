import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '#test/support/stack';
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
 * The prompts a customer sees and changes, and the honest comparison of runs, in Chromium
 * (docs/dashboard.md "Prompts", "Case pages"): an English and German case whose prompts are each
 * written in their language, the German fields given, a prompt switched off, one reworded, one
 * added (a refused list first, everything typed kept), runs before and after compared as not
 * comparable with the reason, then a competitor added and said so. axe-core on every state;
 * screenshots `case-prompts.png` and `case-comparison.png`.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'prompts@example.com';
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let caseUrl: string;

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

async function expectNoSidewaysScroll(state: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, state).toBeLessThanOrEqual(375);
  await expectAccessible(`${state}, phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function runToTheEnd(label: string): Promise<void> {
  await page.goto(caseUrl);
  await page.getByLabel('Run label (optional)').fill(label);
  await page.getByRole('button', { name: 'Start a run' }).click();
  await page.getByText('The run has started').waitFor();
  await page.locator('#case-runs[data-poll]').waitFor({ state: 'detached', timeout: 150_000 });
}

/** The prompt texts of the case page's list, by language. */
async function listedPrompts(language: string): Promise<string[]> {
  const rows = page.locator('#case-prompts tbody tr', {
    has: page.getByText(language, { exact: true }),
  });
  return rows.locator('td:nth-child(3)').allInnerTexts();
}

async function compareLatestWith(label: string): Promise<void> {
  await page.goto(caseUrl);
  const select = page.getByLabel(/^Compare run/);
  const option = select.locator('option', { hasText: `${label} (score` });
  await select.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByRole('heading', { name: new RegExp(`against run “${label}”`) }).waitFor();
}

describe.skipIf(!CHROMIUM_PATH)('prompts and the comparison of runs in Chromium', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    shots = await screenshotDir();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows on the case page the prompts the next run asks, each language in its own words', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    await page.getByLabel('Brand name').fill('Acme Analytics');
    await page.getByLabel('Domain', { exact: true }).fill('acme-analytics.example');
    await page.getByLabel('Category').fill('product analytics');
    await page.getByLabel('Ideal customer profile').fill('small SaaS teams');
    await page.getByLabel('Competitors').fill('Globex Insights | globex.example');
    await page.getByLabel('Fact sheet').fill('founded: 2019\nheadquarters: Berlin');
    await page.getByLabel('Use cases').fill('funnel analysis');
    await page.getByLabel('Languages').fill('en, de');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Acme Analytics', level: 1 }).waitFor();
    caseUrl = page.url();
    const section = page.locator('#case-prompts');
    expect(await section.innerText()).toMatch(/The next run asks \d+ prompts/);
    await section.getByText(/^Show the \d+ prompts/).click();
    const german = await listedPrompts('de');
    expect(german).toContain('Wann wurde Acme Analytics gegründet?');
    for (const text of german) expect(text).not.toMatch(/product analytics|small SaaS|founded/);
    await expectAccessible('case page with its prompts');
  });

  it('takes the German fields, and the German prompts are written with them', async () => {
    await page.getByRole('link', { name: 'See and change the prompts' }).click();
    await page.getByRole('heading', { name: 'Prompts of Acme Analytics' }).waitFor();
    await expectAccessible('prompts page');
    await page.getByLabel('Category in German (de)').fill('Produktanalyse');
    await page.getByLabel('Ideal customer in German (de)').fill('kleine SaaS-Teams');
    await page.getByLabel('Use cases in German (de)').fill('Trichteranalyse');
    await page.getByRole('button', { name: 'Save the other languages' }).click();
    await page.getByText('The case fields in its other languages are saved').waitFor();
    const texts = await page
      .locator('textarea.prompt-text')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
    expect(texts).toContain('Was sind die besten Produktanalyse-Lösungen für kleine SaaS-Teams?');
    await expectAccessible('prompts page after the German fields');
    await page.screenshot({ path: join(shots, 'case-prompts.png') });
    await expectNoSidewaysScroll('prompts page');
    await runToTheEnd('baseline');
  }, 200_000);

  it('keeps a refused list as typed, then saves a prompt off, one reworded and one added', async () => {
    await page.goto(`${caseUrl}/prompts`);
    const reworded = 'Which analytics tool would a two-person startup pick first?';
    await page.getByLabel('Ask prompt 1', { exact: true }).uncheck();
    await page.locator('#f-text_1').fill(reworded);
    await page.getByLabel('New prompts', { exact: true }).fill('When was Acme Analytics founded?');
    await page.getByRole('button', { name: 'Save prompts' }).click();
    await page.locator('#form-error').waitFor();
    expect(await page.locator('#f-new_prompts-error').innerText()).toMatch(
      /Line 1: the same words as prompt \d+/,
    );
    expect(await page.locator('#f-new_prompts').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Ask prompt 1', { exact: true }).isChecked()).toBe(false);
    expect(await page.locator('#f-text_1').inputValue()).toBe(reworded);
    await expectAccessible('prompts page with a refused list');

    await page
      .getByLabel('New prompts', { exact: true })
      .fill('Welches Analyse-Tool empfehlen Gründer?');
    await page.getByLabel('Language of the new prompts').selectOption('de');
    await page.getByRole('button', { name: 'Save prompts' }).click();
    await page.getByText('The prompts are saved').waitFor();
    await page.locator('#case-prompts summary').click();
    expect(await listedPrompts('en')).toContain(reworded);
    expect(await listedPrompts('de')).toContain('Welches Analyse-Tool empfehlen Gründer?');
    await expectAccessible('case page after the prompts changed');
  });

  it('compares runs before and after as not comparable, naming the prompts, with share of answer', async () => {
    await runToTheEnd('after the prompts');
    await compareLatestWith('baseline');
    const box = page.locator('.caution');
    expect(await box.innerText()).toMatch(/Not comparable/);
    expect(await box.innerText()).toMatch(/Other prompts were asked/);
    const table = page.getByRole('region', { name: 'Comparison' });
    expect(await table.getByRole('row', { name: /Share of answer: Acme Analytics/ }).count()).toBe(
      1,
    );
    expect(await table.getByRole('row', { name: /Share of answer: Globex Insights/ }).count()).toBe(
      1,
    );
    await expectAccessible('two runs compared: other prompts');
    await expectNoSidewaysScroll('comparison');
  }, 200_000);

  it('says a competitor was added when the runs tracked different competitors', async () => {
    await page.goto(`${caseUrl}/edit`);
    await page
      .getByLabel('Competitors')
      .fill('Globex Insights | globex.example\nInitech Metrics | initech.example');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The case is saved').waitFor();
    await runToTheEnd('with Initech');
    await compareLatestWith('after the prompts');
    const box = page.locator('.caution');
    expect(await box.innerText()).toMatch(/Competitors changed: added Initech Metrics/);
    const table = page.getByRole('region', { name: 'Comparison' });
    const initech = table.getByRole('row', { name: /Share of answer: Initech Metrics/ });
    expect(await initech.innerText()).toMatch(/not tracked/);
    await expectAccessible('two runs compared: a competitor added');
    await page.screenshot({ path: join(shots, 'case-comparison.png'), fullPage: true });
  }, 200_000);
});
