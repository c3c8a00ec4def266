import { describe, expect, it } from 'vitest';
import type { Fetched } from '#shared/domain/scan-engine/artifacts';
import { evaluateAgent } from '#shared/domain/scan-engine/checks/agent';
import { evaluateCrawler } from '#shared/domain/scan-engine/checks/crawler';
import { evaluateChecks } from '#shared/domain/scan-engine/engine';
import { judgeUsage, splitRobotsUsage } from '#shared/domain/scan-engine/parse/content-usage';
import { parseDictionary } from '#shared/domain/scan-engine/parse/structured-field';
import { isAllowed, parseRobots } from '#shared/domain/scan-engine/robots';
import { STANDARDS } from '#shared/domain/scan-engine/standards';
import { DRIFT_LOG } from '#shared/domain/scan-engine/standards-drift';
import type { Check } from '#shared/domain/scan-engine/types';
import {
  findingTexts,
  makeArtifacts,
  ORIGIN,
  response,
  robotsTxt,
  serverRenderedHtml,
} from './artifact-builders.ts';

const json = (path: string, value: unknown, type = 'application/json', headers = {}) =>
  response(path, { type, body: JSON.stringify(value), headers });

const CORS = { 'access-control-allow-origin': '*' };
const CARD = {
  name: 'com.example/tools',
  version: '1.0.0',
  description: 'Example tools',
  remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }],
};
const CARD_URL = `${ORIGIN}/mcp/server-card`;
const catalog = (type = 'application/mcp-server-card+json') => ({
  specVersion: '1.0',
  entries: [{ identifier: 'urn:air:example.com:mcp:tools', type, url: '/mcp/server-card' }],
});

function agentWith(probes: Record<string, Fetched>, cards: Record<string, Fetched> = {}) {
  const base = makeArtifacts();
  return evaluateAgent({ ...base, probes: { ...base.probes, ...probes }, catalogCards: cards });
}

function signalFinding(check: Check, fragment: string) {
  return check.findings.find((finding) => finding.text.includes(fragment));
}

describe('standards registry', () => {
  it('dates every standard, gives it a status and names each in the drift log', () => {
    for (const entry of STANDARDS) {
      expect(entry.date).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      expect(['final', 'draft', 'deprecated']).toContain(entry.status);
      expect(entry.revision).not.toBe('');
    }
    expect(DRIFT_LOG.length).toBeGreaterThanOrEqual(6);
  });

  it('puts a standard on every finding of every check', () => {
    const checks = evaluateChecks(
      makeArtifacts({ robots: robotsTxt('User-agent: *\nAllow: /\n') }),
    );
    const findings = checks.flatMap((check) => check.findings);
    expect(findings.length).toBeGreaterThan(10);
    for (const finding of findings) {
      expect(finding.standard).toEqual({
        name: expect.any(String),
        url: expect.any(String),
        revision: expect.any(String),
      });
    }
  });
});

describe('RFC 9309 byte-order mark (google/robotstxt ID_UTF8ByteOrderMarkIsSkipped)', () => {
  const decode = (bytes: number[], rest: string) =>
    new TextDecoder().decode(new Uint8Array([...bytes, ...new TextEncoder().encode(rest)]));
  const RULES = 'User-Agent: foo\nAllow: /AnyValue\n';
  const parsedRules = (text: string) => parseRobots(text).groups.flatMap((group) => group.rules);

  it('skips a full or partial BOM at the start of the file', () => {
    for (const bom of [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) {
      const robots = parseRobots(decode(bom, RULES));
      expect(robots.groups[0]?.userAgents).toEqual(['foo']);
      expect(parsedRules(decode(bom, RULES))).toHaveLength(1);
    }
  });

  it('treats a broken BOM as garbage on the first line', () => {
    expect(parseRobots(decode([0xef, 0x11, 0xbf], RULES)).groups).toHaveLength(0);
  });

  it('treats a BOM in the middle of the file as making its line unknown', () => {
    const text = 'User-Agent: foo\n\uFEFFDisallow: /\n';
    expect(parsedRules(text)).toHaveLength(0);
    expect(isAllowed(parseRobots(text), 'foo', '/x').allowed).toBe(true);
  });
});

describe('RFC 9651 dictionaries and the AIPREF vocabulary', () => {
  it('parses tokens, parameters, inner lists and keeps the last of a repeated key', () => {
    const parsed = parseDictionary('train-ai=y;p="x", search=n, a=(1 2), train-ai=n');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect([...parsed.members.keys()]).toEqual(['search', 'a', 'train-ai']);
      expect(parsed.members.get('train-ai')?.item).toEqual({ type: 'token', value: 'n' });
    }
  });

  it('names the column of a syntax error', () => {
    expect(parseDictionary('Train-AI=y')).toMatchObject({ ok: false, at: 0 });
    expect(parseDictionary('train-ai=y,')).toMatchObject({ ok: false });
    expect(parseDictionary('train-ai=yes; search')).toMatchObject({ ok: true });
  });

  it('judges known labels, notes unknown ones and splits a robots.txt path', () => {
    expect(judugeOk('train-ai=n, search=y')).toEqual(['train-ai=n', 'search=y']);
    expect(judgeUsage('ai-train=no').ignored).toEqual(['unknown label "ai-train"']);
    expect(judgeUsage('train-ai=yes').ignored).toEqual(['"train-ai" is not the token y or n']);
    expect(splitRobotsUsage('/ai-ok/ train-ai=y')).toEqual({
      path: '/ai-ok/',
      preference: 'train-ai=y',
    });
  });
});

function judugeOk(value: string): string[] {
  const judged = judgeUsage(value);
  expect(judged.valid).toBe(true);
  return judged.stated;
}

describe('crawler: Content-Usage, Content-Signal header, RSL', () => {
  const crawl = (robots: string, headers: Record<string, string> = {}) =>
    evaluateCrawler(
      makeArtifacts({
        robots: robotsTxt(robots),
        homepage: response('/', { type: 'text/html', body: serverRenderedHtml(), headers }),
      }),
    );
  const policyPoints = (check: Check) =>
    findingTexts(check).includes('declares an explicit AI policy');

  it('credits a valid Content-Usage rule with a path (current draft)', () => {
    const check = crawl('User-agent: *\nAllow: /\nContent-Usage: /docs/ train-ai=n, search=y\n');
    expect(policyPoints(check)).toBe(true);
    expect(findingTexts(check)).toContain(
      'Content-Usage preferences (train-ai=n, search=y for /docs/)',
    );
  });

  it('names the syntax error of a malformed Content-Usage and does not count it', () => {
    const check = crawl('User-agent: *\nAllow: /\nContent-Usage: Train-AI=no\n');
    expect(policyPoints(check)).toBe(false);
    const finding = signalFinding(check, 'is not an RFC 9651 dictionary');
    expect(finding).toMatchObject({ state: 'bad' });
    expect(finding?.text).toContain('robots.txt line 3');
    expect(finding?.standard?.name).toContain('RFC 9651');
  });

  it('reads the Content-Usage and Content-Signal headers of the homepage', () => {
    const check = crawl('User-agent: *\nAllow: /\n', {
      'content-usage': 'train-ai=n',
      'content-signal': 'search=yes, ai-input=yes, ai-train=no',
    });
    expect(policyPoints(check)).toBe(true);
    expect(findingTexts(check)).toContain('The homepage sends Content-Signal: search=yes');
    const bad = crawl('User-agent: *\nAllow: /\n', { 'content-signal': 'search=maybe' });
    expect(signalFinding(bad, 'Content-Signal header is invalid')).toMatchObject({ state: 'bad' });
  });

  it('recognises an RSL License line as a declared policy, and a relative one as malformed', () => {
    const good = crawl('License: https://example.com/license.xml\nUser-agent: *\nAllow: /\n');
    expect(findingTexts(good)).toContain('an RSL license (https://example.com/license.xml)');
    const bad = crawl('License: /license.xml\nUser-agent: *\nAllow: /\n');
    expect(signalFinding(bad, 'is not an absolute URL')?.standard?.name).toContain('RSL');
  });
});

describe('agent: MCP discovery, AI Catalog, WebMCP, A2A 1.0', () => {
  it('gives full credit to a card found through the AI Catalog, fetched with CORS', () => {
    const check = agentWith(
      {
        '/.well-known/ai-catalog.json': json(
          '/.well-known/ai-catalog.json',
          catalog(),
          'application/ai-catalog+json',
        ),
      },
      { [CARD_URL]: json(CARD_URL, CARD, 'application/mcp-server-card+json', CORS) },
    );
    expect(check.findings.filter((f) => f.state === 'warn' || f.state === 'bad')).toEqual([]);
    expect(findingTexts(check)).toContain(
      'MCP server card at /mcp/server-card names "com.example/tools"',
    );
    expect(findingTexts(check)).toContain(
      'AI Catalog at /.well-known/ai-catalog.json lists 1 entry',
    );
  });

  it('credits the superseded MCP Catalog and a card without CORS, with notes', () => {
    const check = agentWith(
      {
        '/.well-known/mcp/catalog.json': json(
          '/.well-known/mcp/catalog.json',
          catalog('application/mcp-server+json'),
        ),
      },
      { [CARD_URL]: json(CARD_URL, CARD) },
    );
    const legacy = agentWith({
      '/.well-known/mcp/server-card.json': json('/.well-known/mcp/server-card.json', CARD),
    });
    expect(check.score).toBe(legacy.score);
    expect(signalFinding(check, 'replaced on 2026-07-20')).toMatchObject({ state: 'warn' });
    expect(signalFinding(check, 'Access-Control-Allow-Origin')).toMatchObject({ state: 'warn' });
    expect(signalFinding(legacy, 'legacy /.well-known/mcp/server-card.json')?.text).toContain(
      '/.well-known/ai-catalog.json',
    );
  });

  it('names a malformed catalog and a catalog url that is not a card', () => {
    const malformed = agentWith({
      '/.well-known/ai-catalog.json': json('/.well-known/ai-catalog.json', {
        entries: [{ type: 'x' }],
      }),
    });
    expect(
      signalFinding(malformed, 'AI Catalog at /.well-known/ai-catalog.json is malformed')?.text,
    ).toContain('no specVersion string; entries[0]: no identifier');
    const broken = agentWith(
      { '/.well-known/ai-catalog.json': json('/.well-known/ai-catalog.json', catalog()) },
      { [CARD_URL]: response(CARD_URL, { status: 404, type: 'text/plain', body: 'nope' }) },
    );
    expect(
      signalFinding(broken, 'points at /mcp/server-card, which answers HTTP 404'),
    ).toMatchObject({
      state: 'bad',
    });
  });

  const page = (html: string) =>
    makeArtifacts({ homepage: response('/', { type: 'text/html', body: html }) });
  const manifests = (html: string) => evaluateAgent(page(html));

  it('credits document.modelContext and declarative forms in full, navigator.modelContext with a note', () => {
    const current = manifests(
      serverRenderedHtml('<script>document.modelContext.registerTool({name:"search"})</script>'),
    );
    expect(findingTexts(current)).toContain('registers tools on document.modelContext');
    const form = manifests(
      serverRenderedHtml(
        '',
        '<form toolname="search" tooldescription="Search the docs"><input name="q"></form>',
      ),
    );
    expect(findingTexts(form)).toContain('1 declarative tool form(s) (search)');
    const alias = manifests(
      serverRenderedHtml('<script>navigator.modelContext.registerTool({name:"search"})</script>'),
    );
    expect(signalFinding(alias, 'deprecated alias')).toMatchObject({ state: 'warn' });
    expect(alias.score).toBe(current.score);
    const bare = manifests(serverRenderedHtml('', '<form toolname="search"></form>'));
    expect(signalFinding(bare, 'have a toolname but no tooldescription')).toMatchObject({
      state: 'bad',
    });
  });

  const A2A = {
    name: 'Example agent',
    description: 'Answers questions',
    version: '1.0.0',
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'qa', name: 'Q&A', description: 'Answers', tags: [] }],
    supportedInterfaces: [
      { url: `${ORIGIN}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
  };
  const a2a = (card: unknown) =>
    agentWith({ '/.well-known/agent-card.json': json('/.well-known/agent-card.json', card) });

  it('checks the eight members A2A 1.0 requires and credits the v0.3 shape with a note', () => {
    expect(signalFinding(a2a(A2A), 'has every member A2A 1.0 requires')).toMatchObject({
      state: 'good',
    });
    const { supportedInterfaces: _, ...v03 } = { ...A2A, url: `${ORIGIN}/a2a` };
    const legacy = a2a(v03);
    expect(signalFinding(legacy, 'uses the v0.3 shape')).toMatchObject({ state: 'warn' });
    expect(legacy.score).toBe(a2a(A2A).score);
    const { description: __, ...partialCard } = A2A;
    const missing = a2a({ ...partialCard, supportedInterfaces: [{ url: `${ORIGIN}/a2a` }] });
    expect(
      signalFinding(missing, 'lacks description, supportedInterfaces[0].protocolBinding'),
    ).toMatchObject({
      state: 'bad',
    });
  });
});
