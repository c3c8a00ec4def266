import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResponseSchema, StatsResponseSchema } from '#shared/domain/scans/schemas';
import { getDocumentClient } from '#shared/wiring/platform';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

type FixtureSite = Awaited<ReturnType<typeof startFixtureSite>>;
type ScanBody = ReturnType<typeof ScanResponseSchema.parse>['scan'];

let stack: TestStack;
let good: FixtureSite;
let poor: FixtureSite;
let key: string;
let goodScan: ScanBody;
let poorScan: ScanBody;

async function scan(domain: string): Promise<ScanBody> {
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain },
  });
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  return ScanResponseSchema.parse(response.body).scan;
}

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  [good, poor] = await Promise.all([startFixtureSite('good'), startFixtureSite('poor')]);
  key = await stack.createKey(['scans:read', 'scans:write']);
  // Scheme-less host:port, and a full URL: both forms of the `domain` field.
  goodScan = await scan(good.host);
  poorScan = await scan(`${poor.url}/some/page?x=1`);
});

afterAll(async () => {
  await Promise.all([good?.close(), poor?.close()]);
  await stack?.close();
});

describe('POST /api/v1/scans', () => {
  it('returns all nine checks, each within its max, across all four pillars', () => {
    for (const result of [goodScan, poorScan]) {
      expect(result.checks).toHaveLength(9);
      expect(new Set(result.checks.map((check) => check.id)).size).toBe(9);
      expect(new Set(result.checks.map((check) => check.pillar))).toEqual(
        new Set(['R', 'E', 'A', 'D']),
      );
      expect(result.checks.find((check) => check.id === 'crawler')?.pillar).toBe('R');
      for (const check of result.checks) {
        expect(check.score, check.id).toBeGreaterThanOrEqual(0);
        expect(check.score, check.id).toBeLessThanOrEqual(check.max);
        if (check.max === 0) expect(check.state, check.id).toBe('unknown');
        expect(check.findings.length, check.id).toBeGreaterThan(0);
      }
    }
  });

  it('computes the score as round(100 * sum(score) / sum(max)) over the checks', () => {
    for (const result of [goodScan, poorScan]) {
      const earned = result.checks.reduce((sum, check) => sum + check.score, 0);
      const possible = result.checks.reduce((sum, check) => sum + check.max, 0);
      expect(result.score).toBe(Math.round((100 * earned) / possible));
    }
  });

  it('scores an agent-ready site far above a JavaScript-only shell', () => {
    expect(goodScan.score).toBeGreaterThanOrEqual(70);
    expect(goodScan.score - poorScan.score).toBeGreaterThanOrEqual(40);
  });

  it('names the scanned domain with its port, without scheme or path', () => {
    expect(goodScan.domain).toBe(good.host);
    expect(poorScan.domain).toBe(poor.host);
    expect(goodScan.scoring_version).toBe(2);
  });
});

describe('GET /api/v1/scans/{id} and the result page', () => {
  it('returns the same payload as the scan call, without a key', async () => {
    const response = await callJson(stack.baseUrl, `/api/v1/scans/${goodScan.id}`);
    expect(response.status).toBe(200);
    expect(ScanResponseSchema.parse(response.body).scan).toEqual(goodScan);
  });

  it('serves a shareable HTML page at the scan url that reads without JavaScript', async () => {
    expect(goodScan.url).toBe(`${stack.baseUrl}/scans/${goodScan.id}`);
    const page = await fetch(goodScan.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    // No executable script: the only script element is JSON-LD data (docs/decisions.md, issue 15).
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
    expect(html).toContain('application/ld+json');
    expect(html).toContain(`${goodScan.score}`);
    for (const check of goodScan.checks)
      expect(html).toContain(check.title.replaceAll('&', '&amp;'));
  });

  it('answers an unknown scan page with a 404 page', async () => {
    const page = await fetch(`${stack.baseUrl}/scans/${crypto.randomUUID()}`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});

describe('GET /api/v1/stats', () => {
  it('counts scans, distinct domains and the median at the current scoring version', async () => {
    // One more scan of the good site: 3 scans, 2 distinct domains.
    const again = await scan(`http://${good.host}/`);
    const response = await callJson(stack.baseUrl, '/api/v1/stats');
    expect(response.status).toBe(200);
    const { stats } = StatsResponseSchema.parse(response.body);
    expect(stats.scans).toBe(3);
    expect(stats.domains).toBe(2);
    expect(stats.scoring_version).toBe(2);
    const sorted = [goodScan.score, poorScan.score, again.score].sort((a, b) => a - b);
    expect(stats.median_score).toBe(sorted[1]);
    expect(stats.score_distribution.reduce((sum, band) => sum + band.count, 0)).toBe(3);
    // Anonymous aggregates only: exactly the documented fields, nothing that could name a site.
    expect(Object.keys(stats).sort()).toEqual([
      'check_failure_rate',
      'domains',
      'median_score',
      'scans',
      'score_distribution',
      'scoring_version',
      'updated_at',
    ]);
  });

  it('reads a constant number of items (the counter shards in one call), however many scans exist (O(1))', async () => {
    const commands: string[] = [];
    // Count every command the service's own DynamoDB client sends while answering /stats.
    getDocumentClient().middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? 'unknown');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    try {
      const response = await callJson(stack.baseUrl, '/api/v1/stats');
      expect(response.status).toBe(200);
      expect(commands).toEqual(['BatchGetItemCommand']);
    } finally {
      getDocumentClient().middlewareStack.remove('countCommands');
    }
  });
});

describe('scanning a site on this machine (ALLOW_PRIVATE_TARGETS=1)', () => {
  it('accepts localhost:PORT and keeps the port in the scanned domain', async () => {
    const port = new URL(poor.url).port;
    const result = await scan(`localhost:${port}`);
    expect(result.domain).toBe(`localhost:${port}`);
    expect(result.checks).toHaveLength(9);
  });
});
