import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSiteName, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 10, cases 3 and 6: slow sites. The stack runs with a 10 s scan deadline so that the
 * per-request budgets (a share of the deadline) run out in seconds, not tens of seconds; the
 * fixtures hang for 20 s, far beyond any budget.
 */
interface ScanCheck {
  id: string;
  state: string;
  score: number;
  max: number;
  findings: Array<{ state: string; text: string }>;
}
interface ScanBody {
  score: number;
  checks: ScanCheck[];
}

type Running = Awaited<ReturnType<typeof startFixtureSite>>;

let stack: TestStack;
let key: string;
const open: Running[] = [];

async function scan(name: FixtureSiteName) {
  const site = await startFixtureSite(name);
  open.push(site);
  return callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: `http://${site.host}` },
  });
}

async function scanned(name: FixtureSiteName): Promise<ScanBody> {
  const response = await scan(name);
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  return response.body.scan as ScanBody;
}

function check(result: ScanBody, id: string): ScanCheck {
  const found = result.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
}

const texts = (target: ScanCheck) => target.findings.map((finding) => finding.text).join('\n');

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', SCAN_DEADLINE_MS: '10000' });
  key = await stack.createKey(['scans:read', 'scans:write']);
});

afterAll(async () => {
  await Promise.all(open.map((site) => site.close()));
  await stack?.close();
});

describe('3. slowness never raises the score', () => {
  it('scores hanging llms.txt and sitemap.xml no higher than the same site without them', async () => {
    const [slow, missing] = await Promise.all([
      scanned('slow-llms-sitemap'),
      scanned('missing-llms-sitemap'),
    ]);
    expect(slow.score).toBeLessThanOrEqual(missing.score);
    for (const id of ['llms', 'sitemap']) {
      expect(check(slow, id).max, id).toBeGreaterThan(0);
      expect(texts(check(slow, id)), id).toMatch(/did not answer within \d+(\.\d+)? s/);
    }
  });

  it('scores a hanging robots.txt no higher than a missing one', async () => {
    const [slow, missing] = await Promise.all([scanned('slow-robots'), scanned('robots-404')]);
    expect(slow.score).toBeLessThanOrEqual(missing.score);
    const crawler = check(slow, 'crawler');
    expect(crawler.max).toBeGreaterThan(0);
    expect(texts(crawler)).toMatch(/did not answer within/);
    expect(texts(crawler)).not.toMatch(/could not be fetched/);
  });
});

describe('6. a slow homepage', () => {
  it('still gets a result with what could be measured and a finding about the slowness', async () => {
    const response = await scan('slow-homepage');
    expect(response.status, JSON.stringify(response.body.error)).toBe(201);
    const result = response.body.scan as ScanBody;
    expect(texts(check(result, 'render'))).toMatch(/homepage did not answer within/i);
    // robots.txt, llms.txt and the well-known documents answered fast and are scored.
    expect(check(result, 'llms').score).toBeGreaterThan(0);
    expect(check(result, 'crawler').max).toBeGreaterThan(0);
  });

  it('keeps scan_failed for a host that cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: `http://127.0.0.1:${port}` },
    });
    expect(response.status).toBe(500);
    expect(response.body.error?.code).toBe('scan_failed');
  });
});
