import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSiteName } from '#test/fixtures/sites/index';
import { type ScannedSites, scanFixtureSites } from '#test/support/scanned-sites';

/**
 * Issue 15: every signal of the standards registry in its current, legacy and malformed form,
 * scanned as a user would (POST /api/v1/scans through the local front, fixture sites on
 * loopback): the current form gets full credit, the legacy form credit and a note naming the
 * current one, the malformed form a finding that says precisely what is wrong.
 */
const SITES = [
  'good',
  'standards-current',
  'standards-webmcp-current',
  'standards-legacy',
  'standards-legacy-catalog',
  'standards-malformed',
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
  it('gets full agent credit: AI Catalog, Server Card at the catalog url, A2A 1.0', () => {
    const agent = check('standards-current', 'agent');
    // Everything but the live MCP call, which GET cannot verify (half of 1 point).
    expect(agent.score).toBe(agent.max - 0.5);
    expect(line('standards-current', 'agent', /AI Catalog at/)).toMatch(/^good: /);
    expect(line('standards-current', 'agent', /MCP server card at \/mcp\/server-card/)).toMatch(
      /^good: /,
    );
    expect(line('standards-current', 'agent', /A2A agent card at/)).toMatch(
      /^good: .*every member A2A 1\.0 requires/,
    );
    expect(lines('standards-current', 'agent').filter((text) => /^(warn|bad)/.test(text))).toEqual(
      [],
    );
  });

  it('asks for the Server Card with the card media type', () => {
    const site = scanned.site('standards-current');
    const card = site.requests.find((request) => request.path === '/mcp/server-card');
    expect(card?.accept).toContain('application/mcp-server-card+json');
  });

  it('credits WebMCP on document.modelContext and declarative tool forms in full', () => {
    expect(line('standards-webmcp-current', 'agent', /WebMCP/)).toMatch(
      /^good: .*registers tools on document\.modelContext and 1 declarative tool form\(s\) \(search-reports\)/,
    );
  });

  it('credits Content-Usage in robots.txt and as a header, and an RSL license, as a policy', () => {
    expect(line('standards-current', 'crawler', /explicit AI policy/)).toMatch(
      /^good: .*Content-Usage preferences \(train-ai=n, search=y; train-ai=n, search=y\) and an RSL license \(http:\/\/127\.0\.0\.1:\d+\/license\.xml\)/,
    );
    expect(line('standards-current', 'crawler', /sends Content-Usage/)).toMatch(/^good: /);
  });

  it('credits a Content-Signal header when robots.txt has no Content-Signal line', () => {
    expect(line('standards-current', 'crawler', /Content-Signal/)).toMatch(
      /^good: The homepage sends Content-Signal: search=yes, ai-input=yes, ai-train=no/,
    );
    const crawlerProblems = lines('standards-current', 'crawler').filter((text) =>
      /^(warn|bad).*(Content-|License|RSL)/.test(text),
    );
    expect(crawlerProblems).toEqual([]);
  });
});

describe('a site using only the forms the current texts replaced', () => {
  it('credits a card only at /.well-known/mcp/server-card.json in full and names the current place', () => {
    expect(
      line('standards-legacy', 'agent', /legacy \/\.well-known\/mcp\/server-card\.json/),
    ).toMatch(
      /^warn: .*publish an entry of type application\/mcp-server-card\+json in \/\.well-known\/ai-catalog\.json.*Credited in full/,
    );
  });

  it('credits navigator.modelContext in full with a deprecation note', () => {
    expect(line('standards-legacy', 'agent', /navigator\.modelContext/)).toMatch(
      /^warn: .*deprecated alias: register them with document\.modelContext\.registerTool.*Credited in full/,
    );
  });

  it('credits an A2A card only at /.well-known/agent.json with two thirds and names agent-card.json', () => {
    expect(line('standards-legacy', 'agent', /A2A agent card/)).toMatch(
      /^warn: .*legacy \/\.well-known\/agent\.json; publish it at \/\.well-known\/agent-card\.json/,
    );
    // MCP card 4 + live 0.5 + A2A 2 of 3 + skills 2 + manifests 2
    expect(check('standards-legacy', 'agent')).toMatchObject({ score: 10.5, max: 12 });
  });

  it('credits the superseded MCP Catalog and an A2A v0.3 card in full, naming what replaced them', () => {
    const agent = check('standards-legacy-catalog', 'agent');
    expect(agent.score).toBe(check('good', 'agent').score);
    expect(line('standards-legacy-catalog', 'agent', /mcp\/catalog\.json/)).toMatch(
      /^warn: .*replaced on 2026-07-20: publish the same entries in \/\.well-known\/ai-catalog\.json/,
    );
    expect(line('standards-legacy-catalog', 'agent', /v0\.3 shape/)).toMatch(
      /^warn: .*supportedInterfaces\[\] with url, protocolBinding and protocolVersion/,
    );
  });
});

describe('a site that gets each signal wrong', () => {
  it('names the malformed AI Catalog entries', () => {
    expect(line('standards-malformed', 'agent', /AI Catalog/)).toBe(
      'bad: The AI Catalog at /.well-known/ai-catalog.json is malformed: entries[1]: no identifier; entries[2]: needs exactly one of url or data. (+2 points)',
    );
  });

  it('says the catalog url answers a page instead of a Server Card', () => {
    expect(line('standards-malformed', 'agent', /points at \/mcp\/server-card/)).toMatch(
      /^bad: .*answers text\/html.* instead of a Server Card \(application\/mcp-server-card\+json\)/,
    );
  });

  it('lists the members the A2A card lacks', () => {
    expect(line('standards-malformed', 'agent', /A2A agent card/)).toBe(
      'bad: A2A agent card at /.well-known/agent-card.json lacks description, version, capabilities, defaultInputModes, defaultOutputModes (required by A2A 1.0). (+1 point)',
    );
  });

  it('names the tool form without a tooldescription', () => {
    expect(line('standards-malformed', 'agent', /tooldescription/)).toMatch(
      /^bad: Form tool\(s\) search-reports have a toolname but no tooldescription/,
    );
  });

  it('gives the column where a Content-Usage header stops being an RFC 9651 dictionary', () => {
    expect(
      line('standards-malformed', 'crawler', /Content-Usage in the Content-Usage header/),
    ).toMatch(
      /^bad: Content-Usage in the Content-Usage header is not an RFC 9651 dictionary \(column 13: a key must start with a lowercase letter or "\*", found "S"\)/,
    );
  });

  it('names unknown vocabulary in a robots.txt Content-Usage line', () => {
    expect(line('standards-malformed', 'crawler', /Content-Usage in robots\.txt line/)).toMatch(
      /^warn: .*"train-ai" is not the token y or n; unknown label "scrape"/,
    );
  });

  it('rejects an invalid Content-Signal header and a relative RSL license', () => {
    expect(line('standards-malformed', 'crawler', /Content-Signal header is invalid/)).toMatch(
      /^bad: /,
    );
    expect(line('standards-malformed', 'crawler', /License: license\.xml/)).toMatch(
      /^bad: .*not an absolute URL/,
    );
  });
});

describe('the scan deadline', () => {
  it('adds no request beyond the existing waves: one per URL and Accept', () => {
    for (const name of SITES) {
      const site = scanned.site(name);
      const seen = site.requests.map((request) => `${request.path} ${request.accept}`);
      expect(new Set(seen).size, name).toBe(seen.length);
    }
  });
});
