import { mkdir } from 'node:fs/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { sessionCookieName } from '#shared/domain/accounts/sessions';
import { sha256Hex } from '#shared/domain/kernel/hash';
import { eventsDrained } from '#test/support/alerts';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { joinByInvitation, teamDepsOf } from '#test/support/teams';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
} from './support/chromium.ts';
import { csrfOf, DashboardHttp } from './support/dashboard-http.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * A case's Alerts tab and the client report in Chromium (issue 39): at 1280 and 375 px, a rule
 * previewed over past runs and made, a refused Slack address kept at its field, a rule's firing
 * and deliveries, a report link made, copied and opened without an account, the report printed
 * to PDF with one page per section, a viewer who sees the tab without its forms and whose post is
 * refused; axe-core on every state. Screenshots (with UPDATE_SCREENSHOTS=1) in docs/screenshots.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const OWNER = 'agency-owner@example.com';
const VIEWER = 'client-viewer@example.com';
const SHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : '.test-results';
let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let key: string;
let caseId: string;
let viewer: DashboardHttp;

async function finishRun(): Promise<string> {
  const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = (started.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${id}`)).status).toBe('SUCCEEDED');
  return id;
}

async function accountOfCase(): Promise<string> {
  const listed = await callJson(stack.baseUrl, '/api/v1/cases', { key });
  return (listed.body.cases as { user_id: string }[])[0]?.user_id ?? '';
}

/**
 * Makes the person's session act for `accountId`, as the account switcher does (another part of
 * the teams work): the session item names the account it acts for.
 */
async function actFor(person: DashboardHttp, accountId: string): Promise<void> {
  const token = person.cookies.get(sessionCookieName(false)) ?? '';
  const doc = createDocumentClient({
    region: stack.config.AWS_REGION,
    endpoint: stack.dynamoEndpoint,
  });
  try {
    await doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: KEYS.dashboardSession(sha256Hex(token)),
        UpdateExpression: 'SET account_id = :account',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':account': accountId },
      }),
    );
  } finally {
    doc.destroy();
  }
}

/** The page fits the screen: nothing scrolls sideways. */
async function fitsWidth(width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `scroll width at ${width} px`).toBeLessThanOrEqual(width);
}

describe.skipIf(!CHROMIUM_PATH)('the Alerts tab and the report page in Chromium', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
      MONITOR_CANARY_PROMPTS: '1',
      MONITOR_CITED_SCANS: '0',
      ALLOW_PRIVATE_TARGETS: '1',
      SIMULATOR_SEED: 'alerts-browser',
    });
    await stack.operator.createUser({ email: OWNER, plan: 'pro' });
    key = await stack.createKey(['monitor:read', 'monitor:write', 'account:manage'], {
      email: OWNER,
    });
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Acme Analytics',
        domain: 'acme-analytics.com',
        category: 'product analytics',
        competitors: ['Globex Insights', 'Initech Metrics'],
        use_cases: ['funnel analysis'],
      },
    });
    caseId = (created.body.case as { id: string }).id;
    await finishRun();
    await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/alerts`, {
      method: 'POST',
      key,
      body: {
        metric: 'model_changed',
        condition: 'change',
        channels: { email: 'team@example.com' },
      },
    });
    stack.setSimulatorScenario({
      engine: { family: 'openai', model: 'gpt-sim-next', brandRateFactor: 0 },
    });
    await finishRun();
    await eventsDrained(stack);
    const deps = teamDepsOf(stack);
    try {
      await joinByInvitation(stack, deps, key, VIEWER, 'viewer');
    } finally {
      deps.close();
    }
    viewer = new DashboardHttp(stack.baseUrl);
    await viewer.signIn(VIEWER);
    await actFor(viewer, await accountOfCase());
    await mkdir(SHOTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, OWNER);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('opens from the case’s tabs and shows the rule with its firing and deliveries', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.baseUrl}/dashboard/cases/${caseId}`);
    await page
      .getByRole('navigation', { name: 'Case' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await page.getByRole('heading', { name: 'Acme Analytics: alerts' }).waitFor();
    const card = page.locator('.cards > li').first();
    expect(await card.innerText()).toMatch(/Model changed/);
    await card.getByText(/Firings and deliveries \(1\)/).click();
    expect(await card.innerText()).toMatch(/OpenAI now serves gpt-sim-next/);
    expect(await card.getByRole('row', { name: /email team@example.com delivered/ }).count()).toBe(
      1,
    );
    expect(await axeViolations(page), 'the tab with a rule').toEqual([]);
  });

  it('previews a rule over the past runs, keeps a refused Slack address at its field, then makes the rule', async () => {
    await page.getByLabel('Metric').selectOption('mention_rate');
    await page.getByLabel('Fires when it').selectOption('drop');
    await page.getByLabel('Model family').selectOption('openai');
    await page.getByLabel(/Only changes beyond the noise band/).uncheck();
    await page.getByRole('button', { name: 'Preview over past runs' }).click();
    const preview = page.locator('#preview');
    await preview.waitFor();
    expect(await preview.innerText()).toMatch(
      /Over the last 2 finished runs, this rule would have fired 1 time\./,
    );
    expect(await page.getByLabel('Metric').inputValue()).toBe('mention_rate');
    expect(await axeViolations(page), 'the preview').toEqual([]);
    await page.getByLabel('Slack incoming webhook URL').fill('http://hooks.example.com/services/x');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.locator('#form-error').waitFor();
    expect(await page.locator('#f-slack_url-error').innerText()).toMatch(/must start with https/);
    expect(await page.getByLabel('Slack incoming webhook URL').inputValue()).toBe(
      'http://hooks.example.com/services/x',
    );
    expect(await axeViolations(page), 'the refused form').toEqual([]);
    await page.getByLabel('Slack incoming webhook URL').fill('');
    await page.getByLabel('E-mail addresses').fill('marketing@example.com');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText('The alert rule is saved').waitFor();
    expect(await page.locator('.cards > li').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/alerts-tab.png`, fullPage: true });
  });

  it('makes a report link, shows its address once with a copy button, and it opens without an account', async () => {
    await page.getByLabel('Title').fill('Northwind Agency: AI visibility');
    await page.getByRole('button', { name: 'Make the link' }).click();
    const field = page.locator('#report-link-url');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/reports\/[A-Za-z0-9_-]{43}$/);
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    expect(await axeViolations(page), 'the new link').toEqual([]);
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(200);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.getByRole('heading', { name: 'Northwind Agency: AI visibility' }).waitFor();
      expect(await page.locator('form, nav, button, script').count()).toBe(0);
      await fitsWidth(width);
      expect(await axeViolations(page), `the report at ${width} px`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/report-${width}.png`, fullPage: true });
    }
  });

  it('prints the report to PDF with one section per page', async () => {
    await page.emulateMedia({ media: 'print' });
    const breaks = await page.$$eval('section.sheet', (sections) =>
      sections.map((section) => getComputedStyle(section).breakBefore),
    );
    expect(breaks).toEqual(['auto', 'page', 'page', 'page', 'page']);
    // Back to the page's own media: Chromium prints with print styles unless told otherwise.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: 'A4', path: `${SHOTS}/report.pdf` });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
    expect(pages).toHaveLength(breaks.length);
  });

  it('fits the Alerts tab on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${stack.baseUrl}/dashboard/cases/${caseId}/alerts`);
    await fitsWidth(375);
    expect(await axeViolations(page), 'the tab at 375 px').toEqual([]);
  });

  it('shows a viewer the tab without its forms, and refuses the viewer’s post with 403', async () => {
    const tab = await viewer.get(`/dashboard/cases/${caseId}/alerts`);
    expect(tab.status).toBe(200);
    expect(tab.text).toContain('Model changed');
    expect(tab.text).toContain('Your role can read this case’s alerts but not change them.');
    expect(tab.text).not.toContain('Create rule');
    expect(tab.text).not.toContain('Make the link');
    const posted = await viewer.post(`/dashboard/cases/${caseId}/alerts`, {
      csrf_token: csrfOf(tab.text),
      metric: 'total_score',
      condition: 'drop',
      webhook: 'on',
      intent: 'create',
    });
    expect(posted.status).toBe(403);
    expect(posted.text).toContain('insufficient_scope');
  });
});
