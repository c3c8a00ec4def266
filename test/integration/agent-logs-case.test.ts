import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardHttp } from '#test/browser/support/dashboard-http';
import { startFixtureSite } from '#test/fixtures/sites/server';
import {
  ADDRESSES,
  combinedLine,
  type Request,
  USER_AGENTS,
  uploadLog,
  waitForIngest,
} from '#test/support/access-logs';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 30 point 3's last sentence through the local front: the case page lists the brand
 * site's pages the latest run's answers cite, and beside each when the citing family's agents
 * last fetched it, from the owner's access logs (docs/agent-logs.md "On the case page"). The
 * simulator cites the brand's site, served as a loopback fixture site the owner has scanned.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let caseId: string;
let brandHost: string;
const OWNER = 'owner-agent-case@example.com';
const ADMIN = 'ops-agent-case@example.com';

const dayBack = (back: number) =>
  `${new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)}T10:00:00`;

/** GPTBot got the home page; a spoofed ClaudeBot got it too; PerplexityBot was refused. */
const LOG: Request[] = [
  {
    address: ADDRESSES.gptbot,
    at: dayBack(3),
    path: '/',
    status: 200,
    userAgent: USER_AGENTS.gptbot,
  },
  {
    address: ADDRESSES.outside,
    at: dayBack(2),
    path: '/',
    status: 200,
    userAgent: USER_AGENTS.claudebot,
  },
  {
    address: ADDRESSES.perplexity,
    at: dayBack(1),
    path: '/',
    status: 403,
    userAgent: USER_AGENTS.perplexity,
  },
];

beforeAll(async () => {
  site = await startFixtureSite('good');
  const port = site.host.split(':')[1] ?? '';
  brandHost = `acme.localhost:${port}`;
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
    ADMIN_EMAILS: ADMIN,
    SIMULATOR_SEED: 'agent-logs-case',
    SIMULATOR_SITE_ORIGINS: `acme.localhost=http://${brandHost}`,
    SIMULATOR_BRAND_RATE: '1',
    SIMULATOR_CITATION_RATE: '1',
  });
  await stack.operator.createUser({ email: OWNER, plan: 'pro' });
  key = await stack.createKey(['scans:read', 'scans:write', 'monitor:read', 'monitor:write'], {
    email: OWNER,
  });
  const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: brandHost },
  });
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
  const uploaded = await uploadLog(stack.baseUrl, key, brandHost, LOG.map(combinedLine).join('\n'));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  const id = (uploaded.body.ingest as { id: string }).id;
  expect((await waitForIngest(stack.baseUrl, key, brandHost, id)).body.ingest).toMatchObject({
    status: 'done',
  });
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: {
      name: 'Acme Analytics',
      domain: 'acme.localhost',
      category: 'product analytics',
      competitors: ['Rival Labs'],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  caseId = (created.body.case as { id: string }).id;
  const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const runId = (started.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

/** The case page's "Our pages the answers cite" section, as the signed-in person gets it. */
async function citedSection(email: string): Promise<string> {
  const browser = new DashboardHttp(stack.baseUrl);
  await browser.signIn(email);
  const page = await browser.get(`/dashboard/cases/${caseId}`);
  expect(page.status).toBe(200);
  const start = page.text.indexOf('<section id="case-cited-pages">');
  expect(start, 'the cited pages section').toBeGreaterThan(0);
  return page.text.slice(start, page.text.indexOf('</section>', start));
}

describe("the case page's cited pages", () => {
  it("shows beside the brand's cited page when each citing family's agents last fetched it", async () => {
    const section = await citedSection(OWNER);
    const row = section.split('<tr>').find((tr) => tr.includes(`href="http://${brandHost}/"`));
    expect(row, "the row of the brand site's home page").toBeDefined();
    // GPTBot's verified fetch three days ago; the spoofed ClaudeBot and the refused
    // PerplexityBot do not count.
    expect(row).toContain(`OpenAI: <time datetime="${dayBack(3)}.000Z">`);
    expect(row).toContain('Anthropic: <span class="muted">not in the logs</span>');
    expect(row).toContain('Perplexity: <span class="muted">not in the logs</span>');
    expect(section).not.toContain('Agents tab');
  });

  it("shows another tenant's case to an operator without the owner's fetches", async () => {
    await stack.operator.createUser({ email: ADMIN, plan: 'none' });
    const section = await citedSection(ADMIN);
    expect(section).toContain(`http://${brandHost}/`);
    expect(section).toContain('shown to the case’s owner only');
    expect(section).not.toContain('<time');
    expect(section).not.toContain('not in the logs');
  });
});
