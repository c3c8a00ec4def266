import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 15: the service is the reference site of its own scan. The running local stack scans
 * its own origin (ALLOW_PRIVATE_TARGETS=1 lets the scanner reach loopback) and no finding may
 * be `warn` or `bad`, except that the local origin is plain HTTP and the few signals this
 * service cannot honestly publish (listed below, each with its reason).
 *
 *   npx vitest run test/integration/scan-self.test.ts
 */
interface Finding {
  state: string;
  text: string;
  standard?: { name: string; url: string; revision: string };
}
interface ScanBody {
  score: number;
  checks: Array<{ id: string; state: string; score: number; max: number; findings: Finding[] }>;
}

/** Findings the service cannot clear without faking metadata (docs/decisions.md, issue 15). */
const ACCEPTED = [
  /over plain HTTP/, // the local origin is http://127.0.0.1 (on AWS it is HTTPS)
  // The API authenticates with API keys, not OAuth: no authorization server to describe.
  /oauth-protected-resource is missing/,
  /No OAuth\/OpenID authorization-server metadata/,
  // The service is not an A2A agent; an agent card would be fake.
  /No A2A agent card/,
  // The service has no third-party profiles or Wikidata item to link.
  /identity JSON-LD has no sameAs/,
  /No Wikidata item is linked/,
];

let stack: TestStack;
let scan: ScanBody;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  const key = await stack.createKey(['scans:read', 'scans:write']);
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: stack.baseUrl },
  });
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  scan = response.body.scan as ScanBody;
});

afterAll(async () => {
  await stack?.close();
});

describe('the service scans its own origin', () => {
  it('has no warn or bad finding but the accepted ones', () => {
    const actionable = scan.checks.flatMap((check) =>
      check.findings
        .filter((finding) => finding.state === 'warn' || finding.state === 'bad')
        .map((finding) => `${check.id}: ${finding.text}`),
    );
    const unexpected = actionable.filter((text) => !ACCEPTED.some((pattern) => pattern.test(text)));
    expect(unexpected).toEqual([]);
    expect(actionable.some((text) => /over plain HTTP/.test(text))).toBe(true);
  });

  it('names a standard on every finding', () => {
    for (const finding of scan.checks.flatMap((check) => check.findings)) {
      expect(finding.standard?.revision, finding.text).toEqual(expect.any(String));
    }
  });
});
