import { describe, expect, it } from 'vitest';
import type { Fetched } from '#shared/domain/scan-engine/artifacts';
import { evaluateAgent } from '#shared/domain/scan-engine/checks/agent';
import { evaluateApi } from '#shared/domain/scan-engine/checks/api';
import { evaluateEntity } from '#shared/domain/scan-engine/checks/entity';
import {
  findingTexts,
  makeArtifacts,
  ORIGIN,
  response,
  SPA_SHELL,
  serverRenderedHtml,
} from './artifact-builders.ts';

const json = (path: string, value: unknown, type = 'application/json') =>
  response(path, { type, body: JSON.stringify(value) });

function withProbes(probes: Record<string, Fetched>) {
  const base = makeArtifacts();
  return { ...base, probes: { ...base.probes, ...probes } };
}

const CATALOG = {
  linkset: [
    {
      anchor: `${ORIGIN}/api`,
      item: [{ href: `${ORIGIN}/api/v1` }],
      'service-desc': [{ href: '/.well-known/openapi.json' }],
    },
  ],
};
const OPENAPI = { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/a': {} } };

describe('api check', () => {
  it('is N/A (unknown, max 0) for a content site that publishes no API', () => {
    const check = evaluateApi(makeArtifacts());
    expect(check).toMatchObject({ id: 'api', pillar: 'A', state: 'unknown', score: 0, max: 0 });
    expect(findingTexts(check)).toContain('Not applicable');
  });

  it('scores a valid catalog and OpenAPI description', () => {
    const check = evaluateApi(
      withProbes({
        '/.well-known/api-catalog': json(
          '/.well-known/api-catalog',
          CATALOG,
          'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
        ),
        '/.well-known/openapi.json': json('/.well-known/openapi.json', OPENAPI),
      }),
    );
    // catalog 4, OpenAPI 3, no Link header 0; no protected API -> auth N/A
    expect(check).toMatchObject({ score: 7, max: 8 });
  });

  it('requires JSON bodies, so an SPA answering 200 HTML for every well-known is not an API', () => {
    const spaPage = (path: string) => response(path, { type: 'text/html', body: SPA_SHELL });
    const check = evaluateApi(
      withProbes({
        '/.well-known/api-catalog': spaPage('/.well-known/api-catalog'),
        '/.well-known/openapi.json': spaPage('/.well-known/openapi.json'),
        '/.well-known/oauth-protected-resource': spaPage('/.well-known/oauth-protected-resource'),
      }),
    );
    expect(check).toMatchObject({ state: 'unknown', max: 0 });
  });

  it('checks that protected-resource metadata names this origin (RFC 9728 §3.3)', () => {
    const check = evaluateApi(
      withProbes({
        '/.well-known/oauth-protected-resource': json('/.well-known/oauth-protected-resource', {
          resource: 'https://other.example.net',
          authorization_servers: [ORIGIN],
        }),
      }),
    );
    expect(findingTexts(check)).toContain('is not https://example.com');
  });
});

describe('agent check', () => {
  it('is N/A for a content site without agent endpoints', () => {
    const check = evaluateAgent(makeArtifacts());
    expect(check).toMatchObject({ state: 'unknown', max: 0 });
    expect(check.findings[0]).toMatchObject({
      state: 'unknown',
      text: 'Not applicable: content site, no agent manifests published.',
    });
  });

  it('scores a published MCP card even on a content site; the live call is half', () => {
    const check = evaluateAgent(
      withProbes({
        '/.well-known/mcp/server-card.json': json('/.well-known/mcp/server-card.json', {
          name: 'example',
          version: '1.0.0',
          remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }],
        }),
      }),
    );
    expect(check).toMatchObject({ score: 4.5, max: 5, state: 'good' });
  });

  it('accepts a card on the legacy /.well-known/mcp.json and asks for the current path', () => {
    const check = evaluateAgent(
      withProbes({
        '/.well-known/mcp.json': json('/.well-known/mcp.json', {
          serverInfo: { name: 'legacy' },
          transport: { url: `${ORIGIN}/mcp` },
        }),
      }),
    );
    expect(findingTexts(check)).toContain('legacy /.well-known/mcp.json');
    expect(findingTexts(check)).toContain('found only at the legacy /.well-known/mcp.json');
    expect(findingTexts(check)).toContain('/.well-known/ai-catalog.json');
  });

  it('expects agent endpoints from an app site', () => {
    const app = makeArtifacts({
      homepage: response('/', {
        type: 'text/html',
        body: serverRenderedHtml('', '<a href="/login">Log in</a>'),
      }),
    });
    const check = evaluateAgent(app);
    expect(check).toMatchObject({ score: 0, max: 12, state: 'bad' });
  });
});

describe('entity check', () => {
  const withSameAs = (sameAs: string[]) =>
    response('/', {
      type: 'text/html',
      body: serverRenderedHtml(
        `<script type="application/ld+json">${JSON.stringify({
          '@type': 'Organization',
          name: 'Example',
          url: `${ORIGIN}/`,
          sameAs,
        })}</script>`,
      ),
    });
  const SAME_AS = [
    'https://www.wikidata.org/wiki/Q42',
    'https://github.com/example',
    'https://www.linkedin.com/company/example',
  ];
  const offline = (url: string): Fetched => ({
    kind: 'network-error',
    url,
    message: `Could not fetch ${url}: DNS lookup failed`,
  });

  it('degrades third-party lookups to half when they cannot be reached (offline)', () => {
    const check = evaluateEntity(
      makeArtifacts({
        homepage: withSameAs(SAME_AS),
        sameAsTargets: Object.fromEntries(SAME_AS.map((url) => [url, offline(url)])),
        wikidata: { Q42: offline('https://www.wikidata.org/wiki/Special:EntityData/Q42.json') },
      }),
    );
    // sameAs 3 + resolvable 1.5 + Wikidata 2 + corroboration 2
    expect(check).toMatchObject({ score: 8.5, max: 14, state: 'warn' });
    // One finding explains every half, and names the best this check can reach.
    const halves = check.findings.filter((finding) => finding.state === 'unknown');
    expect(halves).toHaveLength(1);
    expect(halves[0]?.text).toMatch(/sameAs targets.*Wikidata Q42.*mentions in AI answers/);
    expect(halves[0]?.text).toMatch(/Best reachable here: 8\.5 of 14 points\.$/);
  });

  it('confirms identity both ways when Wikidata names this domain as official website', () => {
    const entity = {
      entities: {
        Q42: {
          claims: { P856: [{ mainsnak: { datavalue: { value: 'https://www.example.com/' } } }] },
        },
      },
    };
    const check = evaluateEntity(
      makeArtifacts({
        homepage: withSameAs(SAME_AS),
        sameAsTargets: {
          [SAME_AS[0] as string]: response(SAME_AS[0] as string),
          [SAME_AS[1] as string]: response(SAME_AS[1] as string),
        },
        wikidata: {
          Q42: json('https://www.wikidata.org/wiki/Special:EntityData/Q42.json', entity),
        },
      }),
    );
    expect(findingTexts(check)).toContain('confirmed both ways');
    expect(check.score).toBe(3 + (3 * (2 + 0.5)) / 3 + 4 + 2);
  });

  it('gives nothing to a site with no sameAs, and says what to add', () => {
    const check = evaluateEntity(makeArtifacts());
    expect(check).toMatchObject({ score: 0, max: 14, state: 'bad' });
    expect(findingTexts(check)).toContain('Add sameAs URLs');
  });
});
