import { describe, expect, it } from 'vitest';
import type { Fetched } from '#shared/domain/scan-engine/artifacts';
import { parseAidRecord } from '#shared/domain/scan-engine/dns-aid';
import { judgeArdManifest } from '#shared/domain/scan-engine/parse/ard';
import {
  ardSchemaAudit,
  formCoverageAudit,
  llmsTxtAudit,
} from '#shared/domain/scan-engine/peers/lighthouse';
import { lighthouseCatalogRules } from '#shared/domain/scan-engine/peers/lighthouse-catalog';
import {
  makeArtifacts,
  notFound,
  ORIGIN,
  response,
  serverRenderedHtml,
  skipped,
  timedOut,
} from './artifact-builders.ts';

/**
 * Issue 37 point 5: what Lighthouse 13.5.0 would say, from the package's rules (the browser test
 * test/browser/lighthouse-agreement.test.ts holds these to the real Lighthouse), and ARD v0.91
 * and DNS-AID read as their texts say.
 */
const ENTRY = {
  identifier: 'urn:air:example.com:mcp:analytics',
  displayName: 'Analytics',
  type: 'application/mcp-server-card+json',
  url: 'https://example.com/mcp/server-card',
  representativeQueries: ['how many visitors came from assistants', 'top pages read by agents'],
};
const catalog = (value: unknown) => JSON.stringify(value);
const verdictOf = (outcome: ReturnType<typeof llmsTxtAudit>) =>
  'verdict' in outcome ? outcome.verdict : `not judged: ${outcome.notJudged}`;

describe("Lighthouse 13.5.0's catalog rules", () => {
  it('passes a catalog valid for its schema, with queries and a discovery type', () => {
    expect(lighthouseCatalogRules(catalog({ specVersion: '1.0', entries: [ENTRY] }))).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it('warns about missing queries and unknown types, and fails what its schema rejects', () => {
    const { representativeQueries: _queries, ...bare } = ENTRY;
    expect(lighthouseCatalogRules(catalog({ specVersion: '1.0', entries: [bare] }))).toMatchObject({
      errors: [],
      warnings: [expect.stringMatching(/no representativeQueries/)],
    });
    expect(
      lighthouseCatalogRules(
        catalog({ specVersion: '1.0', entries: [{ ...ENTRY, type: 'text/markdown' }] }),
      ).warnings,
    ).toEqual([expect.stringMatching(/not one of its discovery types/)]);
    for (const wrong of [
      { specVersion: '1.0', entries: [ENTRY], publisher: 'x' },
      { specVersion: '1.0', entries: [{ ...ENTRY, displayName: undefined }] },
      { specVersion: '1.0', entries: [{ ...ENTRY, representativeQueries: ['one'] }] },
      { specVersion: '1.0', entries: [{ ...ENTRY, url: '/relative' }] },
      { entries: [ENTRY] },
    ]) {
      expect(lighthouseCatalogRules(catalog(wrong)).errors, JSON.stringify(wrong)).not.toEqual([]);
    }
    expect(lighthouseCatalogRules('{not json').errors).toEqual(['the file is not valid JSON']);
  });
});

describe('what Lighthouse would say', () => {
  it('llms-txt: a heading, a link and 50 characters pass; a 4xx is not applicable; a 5xx fails', () => {
    const llms = (fetched: Fetched) => verdictOf(llmsTxtAudit(makeArtifacts({ llmsTxt: fetched })));
    const text = (body: string) => response('/llms.txt', { type: 'text/plain', body });
    expect(llms(text('# Site\n\n- [Docs](/docs): everything an agent needs to know'))).toBe('pass');
    expect(llms(text('Site\n\n- [Docs](/docs): everything an agent needs to know here'))).toBe(
      'fail',
    );
    expect(llms(text('# Site\n\nno links at all, but long enough to pass the length rule'))).toBe(
      'fail',
    );
    expect(llms(notFound('/llms.txt'))).toBe('na');
    expect(llms(response('/llms.txt', { status: 503 }))).toBe('fail');
    expect(llms(timedOut('/llms.txt'))).toBe('fail');
    expect(llms(skipped('/llms.txt'))).toMatch(/^not judged/);
  });

  it('ard-schema: follows Agentmap before the well-known path, and is not applicable without a catalog', () => {
    expect(verdictOf(ardSchemaAudit(makeArtifacts()))).toBe('na');
    const named = makeArtifacts({
      robots: response('/robots.txt', {
        type: 'text/plain',
        body: `User-agent: *\nAllow: /\nAgentmap: ${ORIGIN}/agents/ard.json\n`,
      }),
      hintedCatalogs: { [`${ORIGIN}/agents/ard.json`]: notFound('/agents/ard.json') },
    });
    // Named explicitly and not there: Lighthouse fails it rather than calling it not applicable.
    expect(verdictOf(ardSchemaAudit(named))).toBe('fail');
    const probes = {
      ...makeArtifacts().probes,
      '/.well-known/ai-catalog.json': response('/.well-known/ai-catalog.json', {
        type: 'application/json',
        body: catalog({ specVersion: '1.0', entries: [ENTRY] }),
      }),
    };
    expect(verdictOf(ardSchemaAudit(makeArtifacts({ probes })))).toBe('pass');
  });

  it('webmcp-form-coverage: no form is not applicable; annotated forms pass', () => {
    const form = (extra: string) =>
      verdictOf(
        formCoverageAudit(
          makeArtifacts({
            homepage: response('/', { type: 'text/html', body: serverRenderedHtml('', extra) }),
          }),
        ),
      );
    expect(form('')).toBe('na');
    expect(form('<form toolname="search" tooldescription="Search"><input name="q"></form>')).toBe(
      'pass',
    );
    // Forms without annotations only make the audit informative: left out of the score.
    expect(form('<form action="/s"><input name="q"></form>')).toBe('na');
  });
});

describe('ARD v0.91 read as its own text', () => {
  it('needs displayName and a urn:air identifier, and names entries without representativeQueries', () => {
    const { representativeQueries: _queries, ...bare } = ENTRY;
    expect(judgeArdManifest({ entries: [ENTRY] })).toMatchObject({
      errors: [],
      withoutQueries: [],
    });
    expect(judgeArdManifest({ entries: [bare] }).withoutQueries).toEqual(['"Analytics"']);
    expect(
      judgeArdManifest({ entries: [{ ...ENTRY, representativeQueries: ['one'] }] }),
    ).toMatchObject({
      errors: [],
      offCountQueries: ['"Analytics" (1)'],
    });
    expect(judgeArdManifest({ entries: [{ ...ENTRY, displayName: '' }] }).errors).toEqual([
      'entries[0]: no displayName',
    ]);
    expect(
      judgeArdManifest({ entries: [{ ...ENTRY, identifier: 'analytics' }] }).errors[0],
    ).toMatch(/not urn:air/);
    // Other top-level members are the transport's, ignored by ARD (§5.1).
    expect(
      judgeArdManifest({ entries: [ENTRY], publisher: 'x', specVersion: '1.0' }).errors,
    ).toEqual([]);
  });
});

describe('DNS-AID records', () => {
  it('reads v=aid2 with its protocol and endpoint, long key names included', () => {
    expect(parseAidRecord('v=aid2;p=mcp;u=https://api.example.com/mcp')).toMatchObject({
      ok: true,
      version: 'aid2',
      protocol: 'mcp',
      uri: 'https://api.example.com/mcp',
    });
    expect(parseAidRecord('version=aid1; proto=a2a; uri=https://example.com/a2a')).toMatchObject({
      ok: true,
      version: 'aid1',
    });
  });

  it('names what an AID client would reject', () => {
    expect(parseAidRecord('v=aid9;p=mcp;u=https://x.example')).toMatchObject({ ok: false });
    expect(parseAidRecord('v=aid2;u=https://x.example')).toMatchObject({
      ok: false,
      problem: 'no p (protocol)',
    });
    expect(parseAidRecord('v=aid2;p=mcp')).toMatchObject({ ok: false });
    expect(parseAidRecord('v=aid2;p=mcp;p=a2a;u=https://x.example')).toMatchObject({ ok: false });
  });
});
