import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Finding ids through the API (issue 38, point 1): two scans of the same fixture site carry the
 * same ids, and `GET /api/v1/finding-types` (public) lists every one of them with its check.
 */
let stack: TestStack;
let sites: RunningFixtureSite[];
let key: string;

interface Finding {
  id: string;
  state: string;
  text: string;
}
interface Check {
  id: string;
  findings: Finding[];
}

async function scanIds(site: RunningFixtureSite): Promise<string[]> {
  const { status, body } = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: site.url },
  });
  expect(status).toBe(201);
  const checks = (body.scan as { checks: Check[] }).checks;
  return checks.flatMap((check) => check.findings.map((finding) => `${check.id} ${finding.id}`));
}

beforeAll(async () => {
  sites = await Promise.all([startFixtureSite('standards-current'), startFixtureSite('poor')]);
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write']);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await Promise.all((sites ?? []).map((site) => site.close()));
});

describe('GET /api/v1/finding-types', () => {
  it('answers without a key: every id with its check, title and fix, and the scoring version', async () => {
    const { status, body } = await callJson(stack.baseUrl, '/api/v1/finding-types');
    expect(status).toBe(200);
    expect(body.scoring_version).toBe(2);
    expect(body.meta).toBeDefined();
    const types = body.finding_types as Array<Record<string, unknown>>;
    expect(types.length).toBeGreaterThan(150);
    expect(types).toContainEqual(
      expect.objectContaining({
        id: 'llms.missing',
        check: 'llms',
        title: expect.any(String),
        fix: expect.stringContaining('llms.txt'),
        standard: expect.objectContaining({
          name: expect.any(String),
          revision: expect.any(String),
        }),
      }),
    );
    expect(types.map((type) => type.id)).toContain('crawler.gptbot_blocked');
  });

  it('lists every id two scans of a fixture raise, and the two scans raise the same ids', async () => {
    const listed = new Map(
      (
        (await callJson(stack.baseUrl, '/api/v1/finding-types')).body.finding_types as Array<{
          id: string;
          check: string;
        }>
      ).map((type) => [type.id, type.check]),
    );
    for (const site of sites) {
      const first = await scanIds(site);
      const second = await scanIds(site);
      expect(second).toEqual(first);
      expect(first.length).toBeGreaterThan(10);
      for (const entry of first) {
        const [check, id] = entry.split(' ') as [string, string];
        expect(listed.get(id), entry).toBe(check);
      }
    }
  });
});
