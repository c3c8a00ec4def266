import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { expectDocumented } from '#test/support/documented';
import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson, type TestStack } from '#test/support/stack';

/**
 * Readiness of the cited pages through the local front (docs/monitor.md "Readiness of the cited
 * pages"): the simulator cites the competitors' sites, served as loopback fixture sites more
 * agent-ready (`good`) than the brand's (`poor`), and a review site nobody serves. A run then
 * scans them after the judge, and its summary names the checks that differ, links the brand's
 * scan and reports the review site unreachable; the run is `done` all the same.
 */
let stack: TestStack;
let openapi: Record<string, unknown>;
let owner: string;
let caseId: string;
const sites: RunningFixtureSite[] = [];
let downPort = '';

const portOf = (site: RunningFixtureSite) => site.host.split(':')[1] ?? '';

interface Site {
  domain: string;
  status: string;
  scan_id: string | null;
  reused: boolean;
  answers: number;
}
interface Gaps {
  brand: Site;
  sites: Site[];
  checks: Array<{ check: string; points_at_stake: number; passing_sites: string[] }>;
  statements: Array<{ check: string; text: string; scan_url: string; api_url: string }>;
  unreachable: string[];
  note: string | null;
}

beforeAll(async () => {
  const brand = await startFixtureSite('poor');
  const rival = await startFixtureSite('good');
  const globex = await startFixtureSite('good');
  sites.push(brand, rival, globex);
  // A port nobody listens on any more: the review site cannot be reached.
  const gone = await startFixtureSite('good');
  downPort = portOf(gone);
  await gone.close();
  const origins = [
    `acme.localhost=http://acme.localhost:${portOf(brand)}`,
    `rival.localhost=http://rival.localhost:${portOf(rival)}`,
    `globex.localhost=http://globex.localhost:${portOf(globex)}`,
    `reviews.localhost=http://reviews.localhost:${downPort}`,
  ].join(',');
  ({ stack, openapi, owner } = await startMonitorTestStack({
    seed: 'monitor-readiness',
    ownerEmail: 'owner-readiness@example.com',
    adminEmail: 'ops-readiness@example.com',
    env: {
      ALLOW_PRIVATE_TARGETS: '1',
      SIMULATOR_SITE_ORIGINS: origins,
      SIMULATOR_THIRD_PARTY_DOMAINS: 'reviews.localhost',
      SIMULATOR_CITATION_RATE: '1',
      SIMULATOR_BRAND_RATE: '0.4',
      SIMULATOR_COMPETITOR_RATE: '0.9',
      SCAN_DEADLINE_MS: '10000',
    },
  }));
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key: owner,
    body: {
      name: 'Acme Analytics',
      domain: 'acme.localhost',
      category: 'product analytics',
      competitors: [
        { name: 'Rival Labs', domain: 'rival.localhost' },
        { name: 'Globex Insights', domain: 'globex.localhost' },
      ],
      use_cases: ['funnel analysis'],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  caseId = (created.body.case as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await Promise.all(sites.map((site) => site.close()));
});

async function startRun(): Promise<string> {
  const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key: owner,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return (started.body.run as { id: string }).id;
}

async function doneSummary(runId: string): Promise<{ readiness_gaps?: Gaps }> {
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  const read = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs/${runId}`, {
    key: owner,
  });
  expect(read.status).toBe(200);
  expect(read.body.run).toMatchObject({ id: runId, status: 'done' });
  expectDocumented(openapi, read, '/api/v1/cases/{id}/runs/{run_id}', 'get');
  return read.body.summary as { readiness_gaps?: Gaps };
}

async function finishedRun(): Promise<{ runId: string; gaps: Gaps }> {
  const runId = await startRun();
  const summary = await doneSummary(runId);
  expect(summary.readiness_gaps).toBeDefined();
  return { runId, gaps: summary.readiness_gaps as Gaps };
}

const statsOf = async () =>
  ((await callJson(stack.baseUrl, '/api/v1/stats')).body.stats as { scans: number }).scans;

describe('readiness of the cited pages', () => {
  let first: Gaps;

  it('names the checks the cited competitors pass and the brand fails, and links its scan', async () => {
    const statsBefore = await statsOf();
    ({ gaps: first } = await finishedRun());
    const brandPort = portOf(sites[0] as RunningFixtureSite);
    expect(first.brand).toMatchObject({ domain: `acme.localhost:${brandPort}`, status: 'scanned' });
    const rival = first.sites.find((s) => s.domain.startsWith('rival.localhost:'));
    expect(rival).toMatchObject({ status: 'scanned', reused: false });
    expect(rival?.answers).toBeGreaterThan(0);
    const failing = first.checks.map((c) => c.check);
    // The `poor` site has no llms.txt and no markdown; the `good` site has both.
    expect(failing).toEqual(expect.arrayContaining(['llms', 'markdown']));
    for (const gap of first.checks) {
      expect(gap.points_at_stake).toBeGreaterThan(0);
      expect(gap.passing_sites.length).toBeGreaterThan(0);
      expect(gap.passing_sites.every((d) => !d.startsWith('reviews.'))).toBe(true);
    }
    expect(first.statements.length).toBeGreaterThan(0);
    expect(first.statements.length).toBeLessThanOrEqual(5);
    const scanId = first.brand.scan_id;
    for (const statement of first.statements) {
      expect(statement.scan_url).toBe(`/scans/${scanId}`);
      expect(statement.api_url).toBe(`/api/v1/scans/${scanId}`);
      expect(statement.text).toContain(`acme.localhost:${brandPort}`);
    }
    const scan = await callJson(stack.baseUrl, `/api/v1/scans/${scanId}`);
    expect(scan.status).toBe(200);
    expect(scan.body.scan).toMatchObject({ id: scanId, domain: `acme.localhost:${brandPort}` });
    const page = await fetch(`${stack.baseUrl}/scans/${scanId}`);
    expect(page.status).toBe(200);
    await page.body?.cancel();
    // The monitor's scans count against no quota and never in the public stats.
    expect(await statsOf()).toBe(statsBefore);
  }, 240_000);

  it('signs the cited-site scans as every scan is signed (Web Bot Auth)', () => {
    const rival = sites[1] as RunningFixtureSite;
    expect(rival.requests.length).toBeGreaterThan(0);
    for (const request of rival.requests) {
      expect(request.headers['signature-input'], request.path).toMatch(/tag="web-bot-auth"/);
      expect(request.headers['signature-agent'], request.path).toMatch(
        /^sig1="http:\/\/localhost:\d+\/\.well-known\/http-message-signatures-directory"$/,
      );
    }
  });

  it('reports a cited site that cannot be reached as unreachable, and the run is done', () => {
    const down = `reviews.localhost:${downPort}`;
    expect(first.unreachable).toContain(down);
    expect(first.sites.find((s) => s.domain === down)).toMatchObject({
      status: 'unreachable',
      scan_id: null,
    });
  });

  it('reuses a site’s scan younger than a day in the next run', async () => {
    const { gaps } = await finishedRun();
    expect(gaps.brand).toMatchObject({ scan_id: first.brand.scan_id, reused: true });
    const rival = gaps.sites.find((s) => s.domain.startsWith('rival.localhost:'));
    expect(rival?.reused).toBe(true);
  }, 240_000);

  it('completes the run without readiness_gaps when the scanning step fails', async () => {
    const runId = await startRun();
    // A damaged readiness record in the run's store: the step cannot read it and fails.
    const { config } = stack;
    const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: stack.dynamoEndpoint });
    const ownerId = (await stack.operator.listKeys('owner-readiness@example.com'))[0]?.user_id;
    await doc.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          ...KEYS.monitorReadiness({ owner_id: ownerId ?? '', run_id: runId }),
          gaps: 'not gaps',
        },
      }),
    );
    doc.destroy();
    const summary = await doneSummary(runId);
    expect(summary).not.toHaveProperty('readiness_gaps');
  }, 240_000);
});
