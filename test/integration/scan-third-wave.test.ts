import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSiteName } from '#test/fixtures/sites/index';
import { type ScannedSites, scanFixtureSites } from '#test/support/scanned-sites';

/**
 * Issue 37: the third wave of 2026 texts and the scan's surroundings, on the fixture sites of
 * test/fixtures/sites/third-wave-sites.ts scanned as a user would (POST /api/v1/scans through the
 * local front), each with the verdict a person would expect: ARD and the AI Catalog judged each
 * against its own text, llms.txt v2's alternates and subpath scope, UCP 2026-08-25, a site that
 * asks agents to pay, a challenge wall, an edge that rewrites Accept; `environment` and `peers`.
 */
const SITES = [
  'ard-with-queries',
  'ard-without-queries',
  'catalog-only',
  'ard-agentmap',
  'ard-link-header',
  'markdown-html-md',
  'markdown-md',
  'llms-subpath',
  'ucp-2026-08-25',
  'paywalled',
  'challenge-wall',
  'accept-rewrite',
] as const satisfies readonly FixtureSiteName[];
type Name = (typeof SITES)[number];
let scanned: ScannedSites<Name>;

beforeAll(async () => {
  scanned = await scanFixtureSites(SITES);
});

afterAll(async () => {
  await scanned?.close();
});

const lines = (name: Name, id: string) => scanned.lines(name, id);
const line = (name: Name, id: string, pattern: RegExp) => scanned.line(name, id, pattern);
const actionable = (name: Name, id: string) =>
  lines(name, id).filter((text) => /^(warn|bad): /.test(text) && !/a2a\+json/.test(text));
type Extra = {
  environment: {
    scanned_from: string;
    paywalled: boolean;
    blocked_by: { kind: string; by: string; evidence: string } | null;
    partial_checks: string[];
  };
  peers: { lighthouse: { version: string; audits: Record<string, string> } };
};
const extra = (name: Name) => scanned.scan(name) as unknown as Extra;

describe('ARD v0.91 and the AI Catalog, each judged against its own text', () => {
  it('credits ARD at its path with representativeQueries, and says who reads the AI Catalog path', () => {
    expect(line('ard-with-queries', 'agent', /ARD manifest at/)).toMatch(
      /^good: ARD manifest at \/\.well-known\/ard\.json lists 1 entry/,
    );
    expect(actionable('ard-with-queries', 'agent')).toEqual([]);
    expect(line('ard-with-queries', 'agent', /^info: No AI Catalog/)).toMatch(/MCP discovery/);
  });

  it('warns, naming it, when an ARD entry has no representativeQueries, and keeps the credit', () => {
    expect(actionable('ard-without-queries', 'agent')).toEqual([
      expect.stringMatching(
        /^warn: ARD entry "Example Analytics MCP" .* lacks representativeQueries/,
      ),
    ]);
    expect(scanned.check('ard-without-queries', 'agent').score).toBe(
      scanned.check('ard-with-queries', 'agent').score,
    );
  });

  it('keeps the credit of a catalog-only site, with information naming ard.json and its readers', () => {
    expect(line('catalog-only', 'agent', /^good: AI Catalog at/)).toBeDefined();
    const note = line('catalog-only', 'agent', /^info: No ARD manifest/);
    expect(note).toMatch(/\/\.well-known\/ard\.json/);
    expect(note).toMatch(/ARD v0\.91 consumers read/);
    expect(note).toMatch(/MCP discovery reads \/\.well-known\/ai-catalog\.json/);
    // Neither path is called legacy in a warning, and no site is told to move.
    for (const name of SITES) {
      for (const text of actionable(name, 'agent')) expect(text).not.toMatch(/legacy|move to/i);
    }
  });

  it('finds ARD through a robots.txt Agentmap line and through a Link header, and follows its card', () => {
    expect(line('ard-agentmap', 'agent', /ARD manifest at/)).toMatch(
      /^good: ARD manifest at \/agents\/ard\.json \(named by the robots\.txt Agentmap line\)/,
    );
    expect(line('ard-link-header', 'agent', /ARD manifest at/)).toMatch(
      /^good: ARD manifest at \/catalog\/ard\.json \(named by a rel="ard" Link header\)/,
    );
    for (const name of ['ard-agentmap', 'ard-link-header'] as const) {
      expect(line(name, 'agent', /MCP server card at/), name).toMatch(/^good: /);
    }
  });
});

describe('llms.txt v2', () => {
  it('credits a declared markdown version in both URL forms without Accept negotiation', () => {
    for (const [name, path] of [
      ['markdown-html-md', '/index.html.md'],
      ['markdown-md', '/index.md'],
    ] as const) {
      const markdown = scanned.check(name, 'markdown');
      expect(markdown.score, name).toBe(markdown.max);
      expect(line(name, 'markdown', /declares its markdown version/)).toMatch(
        new RegExp(`^good: .*${path.replace(/\./g, '\\.')} .*no content negotiation`),
      );
    }
  });

  it('judges an llms.txt in a subpath for the pages under it, and asks for one at the root', () => {
    const llms = scanned.check('llms-subpath', 'llms');
    expect(llms.score).toBeGreaterThan(0);
    expect(line('llms-subpath', 'llms', /covers the pages under/)).toMatch(
      /^warn: No \/llms\.txt, but \/docs\/llms\.txt covers the pages under \/docs\//,
    );
  });
});

describe('commerce and payment', () => {
  it('reads a UCP 2026-08-25 profile with its signing keys at the root', () => {
    expect(line('ucp-2026-08-25', 'agent', /UCP/)).toMatch(
      /^good: Agents can shop here: .*version 2026-08-25, 1 signing key\(s\) at the root/,
    );
  });

  it('records a homepage that answers 402 as paywalled for agents, never as a broken site', () => {
    const { environment } = extra('paywalled');
    expect(environment.paywalled).toBe(true);
    expect(environment.blocked_by).toBeNull();
    for (const id of ['render', 'schema', 'markdown']) {
      const check = scanned.check('paywalled', id);
      expect(check.max, id).toBe(0);
      expect(lines('paywalled', id)[0]).toMatch(
        /^unknown: Not judged: paywalled for agents\. .*402.*payment/,
      );
    }
    expect(environment.partial_checks).toEqual(expect.arrayContaining(['render', 'schema']));
    expect(line('paywalled', 'agent', /x402/)).toMatch(/^good: Agents can pay here/);
  });
});

describe('where the scan ran and what stood in its way', () => {
  it('says where every scan ran, as whom, and that it signed its requests', () => {
    for (const name of SITES) {
      expect(extra(name).environment).toMatchObject({ scanned_from: 'local', signed: true });
    }
    expect(extra('ard-with-queries').environment).toMatchObject({
      paywalled: false,
      blocked_by: null,
      partial_checks: [],
    });
  });

  it('names a challenge wall with its evidence and does not judge what stood behind it', () => {
    const { environment } = extra('challenge-wall');
    expect(environment.blocked_by).toMatchObject({
      kind: 'challenge',
      by: 'a Cloudflare challenge page',
      evidence: expect.stringMatching(/403.*cf-mitigated: challenge/),
    });
    for (const id of ['render', 'schema', 'markdown']) {
      expect(scanned.check('challenge-wall', id).max, id).toBe(0);
      expect(lines('challenge-wall', id)[0]).toMatch(
        /^unknown: Not judged: blocked by a Cloudflare challenge page/,
      );
      expect(environment.partial_checks).toContain(id);
    }
    // What stood in front of the wall is still judged: robots.txt, llms.txt, the well-known files.
    expect(scanned.check('challenge-wall', 'llms').state).toBe('good');
  });

  it('says when an edge likely rewrote Accept, in the markdown finding', () => {
    expect(line('accept-rewrite', 'markdown', /No content negotiation/)).toMatch(
      /HTML without Vary: Accept although a markdown version exists.*rewrote the Accept header/,
    );
  });
});

describe('what Lighthouse would say', () => {
  it('says it beside every scan, and explains each difference', () => {
    expect(extra('catalog-only').peers.lighthouse.audits['ard-schema']).toBe('fail');
    expect(
      line('catalog-only', 'agent', /^info: Lighthouse 13\.5\.\d would say fail for ard-schema/),
    ).toMatch(/displayName/);
    expect(extra('ard-with-queries').peers.lighthouse.audits['ard-schema']).toBe('na');
    expect(line('ard-with-queries', 'agent', /would say not applicable for ard-schema/)).toMatch(
      /does not read \/\.well-known\/ard\.json/,
    );
    expect(extra('llms-subpath').peers.lighthouse.audits['llms-txt']).toBe('na');
    expect(line('llms-subpath', 'llms', /^info: Lighthouse/)).toMatch(/404/);
    expect(extra('markdown-md').peers.lighthouse.audits['llms-txt']).toBe('pass');
    expect(line('markdown-md', 'llms', /^info: Lighthouse/)).toBeUndefined();
  });
});
