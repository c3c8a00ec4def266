import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 15: the service is the reference site of its own scan. The running local stack scans
 * its own origin (ALLOW_PRIVATE_TARGETS=1 lets the scanner reach loopback) and no finding may
 * be `warn` or `bad`, except that the local origin is plain HTTP.
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
  environment: { scanned_from: string; blocked_by: unknown; partial_checks: string[] };
  peers: { lighthouse: { version: string; audits: Record<string, string> } };
}

/**
 * The one finding the local origin cannot clear: it is http://127.0.0.1 (on AWS it is HTTPS).
 * The signals that do not fit this service are published truthfully or judged not applicable
 * by rules that hold for every site (docs/decisions.md, issue 15, "Self-scan"): RFC 9728
 * metadata without an authorization server (API keys), no A2A card beside an MCP server card,
 * no sameAs or Wikidata on an origin that is not on the public web.
 */
const ACCEPTED = [/over plain HTTP/];

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
  it('has no warn or bad finding but the one about plain HTTP', () => {
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

describe('the other judges (issue 37)', () => {
  it('would pass Lighthouse 13.5 on llms.txt and on the agent catalog, with no difference to explain', () => {
    expect(scan.peers.lighthouse.version).toMatch(/^13\.5\./);
    expect(scan.peers.lighthouse.audits['llms-txt']).toBe('pass');
    expect(scan.peers.lighthouse.audits['ard-schema']).toBe('pass');
    const differences = scan.checks.flatMap((check) =>
      check.findings.filter((finding) => /^Lighthouse \S+ would say/.test(finding.text)),
    );
    expect(differences).toEqual([]);
  });

  it('ran locally and met no wall', () => {
    expect(scan.environment).toMatchObject({
      scanned_from: 'local',
      blocked_by: null,
      partial_checks: [],
    });
  });
});

describe('the signals that do not fit the service', () => {
  const findings = (id: string) => scan.checks.find((check) => check.id === id)?.findings ?? [];

  it('publishes RFC 9728 metadata without an authorization server, which then is not applicable', () => {
    const texts = findings('api').map((finding) => `${finding.state}: ${finding.text}`);
    expect(texts).toContainEqual(expect.stringMatching(/^good: .*bearer tokens go in the header/));
    expect(texts).toContainEqual(
      expect.stringMatching(/^info: Authorization-server metadata not applicable/),
    );
  });

  it('is not asked for an A2A card beside its MCP server card', () => {
    const texts = findings('agent').map((finding) => `${finding.state}: ${finding.text}`);
    expect(texts).toContainEqual(expect.stringMatching(/^info: No A2A agent card: not applicable/));
  });

  it('reads its own auth.md (API keys) as good and is not asked for payments or commerce', () => {
    const texts = findings('agent').map((finding) => `${finding.state}: ${finding.text}`);
    expect(texts).toContainEqual(expect.stringMatching(/^good: \/auth\.md tells agents/));
    expect(texts).toContainEqual(expect.stringMatching(/^info: Not applicable: no payment/));
    expect(texts).toContainEqual(
      expect.stringMatching(/^good: ARD manifest at \/\.well-known\/ard\.json lists 2 entries/),
    );
    expect(texts).toContainEqual(
      expect.stringMatching(
        /^good: AI Catalog at \/\.well-known\/ai-catalog\.json lists 2 entries/,
      ),
    );
  });

  it('is not asked for public profiles on a loopback origin', () => {
    const entity = scan.checks.find((check) => check.id === 'entity');
    expect(entity?.max).toBe(0);
    expect(entity?.findings.map((finding) => finding.text).join('\n')).toMatch(
      /^Not applicable: \S+ is a private-network or local address/m,
    );
  });
});

describe('auth.md', () => {
  it('is markdown with an H1 naming it, describing API keys and pointing at the RFC 9728 metadata', async () => {
    const response = await fetch(`${stack.baseUrl}/auth.md`);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await response.text();
    expect(text).toMatch(/^# auth\.md\n/);
    expect(text).toContain('Authorization: Bearer <key>');
    expect(text).toContain(`${stack.baseUrl}/.well-known/oauth-protected-resource`);
  });
});

describe('the protected-resource metadata the service publishes', () => {
  it('is RFC 9728 metadata for bearer API keys, naming no authorization server', async () => {
    const response = await fetch(`${stack.baseUrl}/.well-known/oauth-protected-resource`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      resource: stack.baseUrl,
      bearer_methods_supported: ['header'],
      resource_documentation: `${stack.baseUrl}/docs#authentication`,
    });
    expect(body).not.toHaveProperty('authorization_servers');
  });
});
