import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSiteName } from '#test/fixtures/sites/index';
import { type ScannedSites, scanFixtureSites } from '#test/support/scanned-sites';

/**
 * Issue 28 point 4: the second wave of 2026 texts inside the checks, each signal in its current,
 * legacy and malformed form (test/fixtures/sites/second-wave-sites.ts), scanned as a user would
 * (POST /api/v1/scans through the local front): the current form gets full credit, the legacy
 * form credit and a note naming the current one, the malformed form a precise finding; a signal
 * a site does not need is information when absent, never a warning.
 */
const SITES = [
  'good',
  'wave2-current',
  'wave2-legacy',
  'wave2-malformed',
] as const satisfies readonly FixtureSiteName[];
type Name = (typeof SITES)[number];
let scanned: ScannedSites<Name>;

beforeAll(async () => {
  scanned = await scanFixtureSites(SITES);
});

afterAll(async () => {
  await scanned?.close();
});

const check = (name: Name, id: string) => scanned.check(name, id);
const lines = (name: Name, id: string) => scanned.lines(name, id);
const line = (name: Name, id: string, pattern: RegExp) => scanned.line(name, id, pattern);

describe('a site following the current texts', () => {
  it('gets full agent credit from an ARD manifest, a signed A2A 1.0.1 card and the card it lists', () => {
    const agent = check('wave2-current', 'agent');
    // Everything but the live MCP endpoint, which the scan does not call (half of 1 point).
    expect(agent.score).toBe(agent.max - 0.5);
    expect(agent.max).toBe(12);
    expect(lines('wave2-current', 'agent').filter((text) => /^(warn|bad)/.test(text))).toEqual([]);
    expect(line('wave2-current', 'agent', /ARD manifest at/)).toMatch(/^good: /);
    expect(line('wave2-current', 'agent', /MCP server card at/)).toMatch(/^good: /);
  });

  it('verifies both card signatures (key from jwk, and from jku on the same origin)', () => {
    const signatures = lines('wave2-current', 'agent').filter((text) => /signature/.test(text));
    expect(signatures).toHaveLength(2);
    for (const text of signatures) expect(text).toMatch(/^good: .*verifies over the RFC 8785/);
    const site = scanned.site('wave2-current');
    expect(site.requests.map((request) => request.path)).toContain('/.well-known/jwks.json');
  });

  it('names the Agentmap line and the rel="ard" link as discovery hints', () => {
    expect(line('wave2-current', 'agent', /Agentmap/)).toMatch(/^good: .*discovery hint/);
    expect(line('wave2-current', 'agent', /rel="ard"/)).toMatch(/^good: .*discovery hint/);
  });

  it('reads a train-ai group as usage policy, never as a crawl block', () => {
    expect(line('wave2-current', 'crawler', /explicit AI policy/)).toMatch(
      /^good: .*training-preference groups \(train-ai=n\)/,
    );
    expect(line('wave2-current', 'crawler', /User-agent: train-ai/)).toMatch(
      /^info: .*blocks no crawler/,
    );
    expect(lines('wave2-current', 'crawler').filter((text) => /^(warn|bad)/.test(text))).toEqual(
      [],
    );
  });

  it('reports auth.md, agent_auth, x402 v2, a Payment challenge, UCP and ACP as good', () => {
    for (const pattern of [
      /\/auth\.md tells agents/,
      /agent sign-up \(agent_auth\)/,
      /x402 v2/,
      /WWW-Authenticate: Payment/,
      /UCP business profile/,
      /Agentic Commerce Protocol/,
    ]) {
      expect(line('wave2-current', 'agent', pattern), String(pattern)).toMatch(/^good: /);
    }
  });

  it('keeps scoring_version 2', () => {
    expect(scanned.scan('wave2-current').scoring_version).toBe(2);
  });
});

describe('a site using the forms the current texts replaced', () => {
  it('credits an A2A card served as application/json in full, naming application/a2a+json', () => {
    expect(line('wave2-legacy', 'agent', /served as application\/json/)).toMatch(
      /^warn: .*application\/a2a\+json\. Credited in full/,
    );
    const agent = check('wave2-legacy', 'agent');
    expect(agent.score).toBe(agent.max);
  });

  it('credits x402 v1 and an older UCP version with notes naming the current forms', () => {
    expect(line('wave2-legacy', 'agent', /x402 v1/)).toMatch(/^warn: .*PAYMENT-REQUIRED header/);
    expect(line('wave2-legacy', 'agent', /UCP profile/)).toMatch(/^warn: .*2026-04-08/);
  });
});

describe('a site that gets each signal wrong', () => {
  it('names the signature that does not verify and the one whose key cannot be had', () => {
    expect(line('wave2-malformed', 'agent', /signatures\[0\]/)).toMatch(/^bad: .*does not verify/);
    expect(line('wave2-malformed', 'agent', /signatures\[1\]/)).toMatch(
      /^warn: .*another origin than the card's/,
    );
  });

  it('names the malformed ARD manifest entry', () => {
    expect(line('wave2-malformed', 'agent', /ARD manifest/)).toMatch(
      /^bad: .*entries\[0\]: no identifier/,
    );
  });

  it('names what is wrong with auth.md, agent_auth, the 402, UCP and ACP', () => {
    expect(line('wave2-malformed', 'agent', /auth\.md has no H1/)).toMatch(/^bad: /);
    expect(line('wave2-malformed', 'agent', /agent_auth/)).toMatch(/^bad: .*not an object/);
    expect(line('wave2-malformed', 'agent', /\b402\b/)).toMatch(/^bad: .*not base64-encoded JSON/);
    expect(line('wave2-malformed', 'agent', /ucp\.version/)).toMatch(/^bad: /);
    expect(line('wave2-malformed', 'agent', /acp\.json/)).toMatch(/^bad: /);
  });
});

describe('a site that needs none of it', () => {
  it('gets information, never a warning, for absent payments, commerce and auth.md', () => {
    const absent = lines('good', 'agent').filter((text) =>
      /Not applicable: no (auth\.md|payment)/.test(text),
    );
    expect(absent).toHaveLength(2);
    for (const text of absent) expect(text).toMatch(/^info: /);
  });
});
