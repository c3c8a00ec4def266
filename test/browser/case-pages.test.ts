import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS_PER_PAGE } from '#shared/surfaces/dashboard/case-runs';
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
 * The case pages over the run and answer reads (docs/dashboard.md "Case pages"), in Chromium:
 * two finished runs, one picked from the list, the two compared, chart bars opened to the
 * answers behind them (per family, share of answer, cited domain), a discovered brand tracked, both exports, field errors on the case form,
 * archiving after a confirmation. axe-core checks every state visited.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'cases@example.com';
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let caseUrl: string;

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

async function runToTheEnd(label: string): Promise<void> {
  await page.getByLabel('Run label (optional)').fill(label);
  await page.getByRole('button', { name: 'Start a run' }).click();
  await page.getByText('The run has started').waitFor();
  await page.locator('#case-runs[data-poll]').waitFor({ state: 'detached', timeout: 120_000 });
}

describe.skipIf(!CHROMIUM_PATH)('the case pages in Chromium', () => {
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
    await signInThroughPages(page, stack.baseUrl, EMAIL);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows field errors at the field, tied to it, and marks required fields', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    // One marker style for every dashboard form: "(required)" beside the label, outside it.
    expect(await page.locator('label[for=f-name] + .req').count()).toBe(1);
    await page.getByLabel('Brand name').fill('Fabrikam Payroll');
    await page.getByLabel('Domain', { exact: true }).fill('fabrikam-payroll-services.example');
    await page.getByLabel('Category').fill('payroll software');
    await page.getByLabel('Languages').fill('english please');
    await page.getByRole('button', { name: 'Create case' }).click();
    const languages = page.locator('#f-languages');
    expect(await languages.getAttribute('aria-invalid')).toBe('true');
    expect(await languages.getAttribute('aria-describedby')).toContain('f-languages-error');
    expect(await page.locator('#f-languages-error').innerText()).not.toBe('');
    // Listed once at the top by its label, the message only at the field.
    expect(await page.locator('#form-error').innerText()).toContain('Languages');
    await expectAccessible('case form with an error');
  });

  it('finishes two runs and picks the older one from the list', async () => {
    await page.getByLabel('Languages').fill('en');
    await page
      .getByLabel('Competitors')
      .fill('Globex Payroll | globex-payroll.example\nInitech Pay | initech.example | Initech');
    await page.getByLabel('Fact sheet').fill('pricing: from $6 per employee\nfounded: 2016');
    await page.getByLabel('Ideal customer profile').fill('small businesses with 10 to 50 staff');
    await page.getByLabel('Use cases').fill('running monthly payroll\nfiling payroll taxes');
    await page.getByLabel('Region').fill('Germany');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Fabrikam Payroll', level: 1 }).waitFor();
    caseUrl = page.url();
    await runToTheEnd('baseline');
    await runToTheEnd('after the pricing page');
    await page.locator('#chart-models').waitFor();
    await expectAccessible('case with two runs');
    await page.screenshot({ path: '.test-results/case-page.png', fullPage: true });
    const runLinks = page.locator('#case-runs tbody td:first-child a');
    expect(await runLinks.count()).toBe(2);
    await runLinks.nth(1).click();
    await page.getByRole('heading', { name: /run “baseline”/, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Summary of this run' }).count()).toBe(1);
    await expectAccessible('an older run picked');
  });

  it('compares two runs with their change and what makes them comparable', async () => {
    await page.getByRole('button', { name: 'Compare' }).click();
    await page
      .getByRole('heading', { name: 'Run “baseline” against run “after the pricing page”' })
      .waitFor();
    const table = page.getByRole('region', { name: 'Comparison' });
    expect(await table.getByRole('row', { name: /Total score/ }).count()).toBe(1);
    expect(await table.getByRole('row', { name: /Visibility/ }).count()).toBe(1);
    expect(await page.locator('main').innerText()).toMatch(/\b[Cc]omparable\b/);
    await expectAccessible('two runs compared');
  });

  it('opens the answers behind a chart bar: the grid and each answer with its evidence', async () => {
    await page.goto(caseUrl);
    const bar = page.locator('#chart-models svg a').first();
    const family = ((await bar.getAttribute('href')) ?? '').match(/family=(\w+)/)?.[1];
    await bar.click();
    await page.getByRole('heading', { name: /^Answers of run/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('family')).toBe(family);
    expect(await page.locator('#answer-grid tbody tr').count()).toBeGreaterThan(1);
    const first = page.locator('article.answer').first();
    await first.waitFor();
    expect(await first.locator('.answer-text').innerText()).not.toBe('');
    expect(await first.getByRole('table', { name: 'Mentions' }).count()).toBe(1);
    expect(await page.locator('article.answer').count()).toBeGreaterThan(0);
    for (const text of await page.locator('article.answer h3').allInnerTexts()) {
      expect(text.toLowerCase()).toContain(family === 'openai' ? 'openai' : (family ?? '-'));
    }
    await expectAccessible('answers of one family');
    await page.locator('#answer-grid tbody td a').first().click();
    await page.locator('article.answer').first().waitFor();
    expect(new URL(page.url()).searchParams.get('prompt_id')).not.toBeNull();
    await expectAccessible('answers of one grid cell');
    await page.goto(page.url().replace(/\?.*$/, ''));
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.screenshot({ path: join(shots, 'case-drilldown.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('exports the answers as CSV and JSON Lines from the buttons', async () => {
    const csvHref = await page
      .getByRole('link', { name: /Export these answers \(CSV\)/ })
      .getAttribute('href');
    const jsonlHref = await page
      .getByRole('link', { name: /Export these answers \(JSON Lines\)/ })
      .getAttribute('href');
    const csv = await page.request.get(`${stack.baseUrl}${csvHref}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="run-.*\.csv"/);
    expect(await csv.text()).toMatch(/^id,prompt_id,block,language,prompt,family,model,mode/);
    const jsonl = await page.request.get(`${stack.baseUrl}${jsonlHref}`);
    expect(jsonl.headers()['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = (await jsonl.text()).trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(JSON.parse(lines[0] ?? '{}')).toHaveProperty('sources');
  });

  it('opens a share-of-answer bar and a cited-domain bar: only the answers behind each', async () => {
    await page.goto(caseUrl);
    // A competitor's bar with answers behind it: its table row reads "Name (n of total)".
    const rows = await page.locator('#chart-share tbody th').evaluateAll((cells) =>
      cells.map((cell) => ({
        text: cell.textContent ?? '',
        href: cell.querySelector('a')?.getAttribute('href') ?? '',
      })),
    );
    const competitor = rows
      .map((row) => ({ ...row, count: Number(row.text.match(/\((\d+) of \d+\)/)?.[1] ?? 0) }))
      .find((row) => !row.text.includes('(you)') && row.count > 0);
    expect(competitor?.href).toMatch(/entity=/);
    const name = new URL(competitor?.href ?? '', stack.baseUrl).searchParams.get('entity') ?? '';
    await page.locator(`#chart-share svg a[href="${competitor?.href}"]`).click();
    await page.getByRole('heading', { name: /^Answers of run/ }).waitFor();
    expect(await page.locator('#active-filters').innerText()).toContain(
      `share of answer of ${name}`,
    );
    const articles = page.locator('article.answer');
    expect(await articles.count()).toBe(Math.min(competitor?.count ?? 0, ANSWERS_PER_PAGE));
    for (const article of await articles.all()) {
      const row = article.getByRole('row', { name: new RegExp(`^${name}\\b`) });
      expect(await row.locator('td').first().innerText()).toBe('counted');
    }
    await expectAccessible('answers behind a share-of-answer bar');
    await page.screenshot({ path: '.test-results/answers-of-a-share-bar.png' });

    await page.goto(caseUrl);
    const domainBar = page.locator('#chart-cited svg a').first();
    const domain =
      new URL((await domainBar.getAttribute('href')) ?? '', stack.baseUrl).searchParams.get(
        'cited_domain',
      ) ?? '';
    expect(domain).not.toBe('');
    await domainBar.click();
    await page.getByRole('heading', { name: /^Answers of run/ }).waitFor();
    expect(await page.locator('#active-filters').innerText()).toContain(`citing ${domain}`);
    expect(await articles.count()).toBeGreaterThan(0);
    const escaped = domain.replaceAll('.', '\\.');
    for (const article of await articles.all()) {
      const sources = await article.locator('ul.sources .muted').allInnerTexts();
      expect(sources.some((text) => new RegExp(`^(.+\\.)?${escaped} · cited`).test(text))).toBe(
        true,
      );
    }
    await expectAccessible('answers behind a cited-domain bar');
  });

  it('tracks a brand the answers recommend as a competitor', async () => {
    await page.goto(caseUrl);
    const track = page.getByRole('button', { name: /^Track this competitor: / }).first();
    // The simulator's answers recommend brands the case does not track.
    await track.waitFor();
    const name = ((await track.getAttribute('aria-label')) ?? '').replace(
      'Track this competitor: ',
      '',
    );
    expect(name).not.toBe('');
    await track.click();
    await page.getByText('The brand is now a tracked competitor').waitFor();
    await expectAccessible('competitor tracked');
    await page.goto(`${caseUrl}/edit`);
    const competitors = await page.getByLabel('Competitors').inputValue();
    expect(competitors).toContain(name);
    // The edit form writes no empty trailing part.
    expect(competitors).not.toMatch(/\|\s*$/m);
  });

  it('archives the case only after a confirmation, then restores it', async () => {
    await page.goto(caseUrl);
    const confirm = page.getByRole('button', { name: /^Yes, archive/ });
    expect(await confirm.isVisible()).toBe(false);
    await page.getByText('Archive this case…').click();
    await expectAccessible('archive confirmation open');
    await confirm.click();
    await page.getByText('The case is archived').waitFor();
    expect(await page.getByRole('button', { name: 'Start a run' }).count()).toBe(0);
    await expectAccessible('archived case');
    await page.getByRole('button', { name: 'Restore this case' }).click();
    await page.getByText('The case is active again').waitFor();
    expect(await page.getByRole('button', { name: 'Start a run' }).count()).toBe(1);
  });
});
