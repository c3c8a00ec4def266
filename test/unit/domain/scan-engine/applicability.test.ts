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
  serverRenderedHtml,
} from './artifact-builders.ts';

/**
 * Issue 15, self-scan: signals that do not fit a kind of site are published truthfully or
 * judged not applicable by rules that hold for every site (docs/decisions.md, issue 15).
 */
const json = (path: string, value: unknown) =>
  response(path, { type: 'application/json', body: JSON.stringify(value) });
const PRM = '/.well-known/oauth-protected-resource';
const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  paths: { '/a': {} },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
};

function appSite(probes: Record<string, Fetched>, origin = ORIGIN) {
  const base = makeArtifacts({
    origin,
    homepage: response(`${origin}/`, {
      type: 'text/html',
      body: serverRenderedHtml('', '<a href="/login">Log in</a> <a href="/docs/api">API</a>'),
    }),
  });
  return { ...base, probes: { ...base.probes, ...probes } };
}

const signal = (check: ReturnType<typeof evaluateApi>, text: RegExp) =>
  check.findings.find((finding) => text.test(finding.text));

describe('RFC 9728 metadata of a resource whose bearer tokens are not OAuth tokens', () => {
  const apiKeys = { resource: ORIGIN, bearer_methods_supported: ['header'] };
  const openApi = { '/.well-known/openapi.json': json('/.well-known/openapi.json', OPENAPI) };

  it('credits metadata that names no authorization server but says how tokens are sent', () => {
    const check = evaluateApi(appSite({ ...openApi, [PRM]: json(PRM, apiKeys) }));
    expect(signal(check, /bearer tokens go in the header/)?.state).toBe('good');
    expect(signal(check, /^Authorization-server metadata not applicable/)?.state).toBe('info');
    const authProblems = check.findings.filter(
      (finding) =>
        finding.state !== 'good' &&
        finding.state !== 'info' &&
        /OAuth|authori[sz]/i.test(finding.text),
    );
    expect(authProblems).toEqual([]);
  });

  it('leaves the authorization-server points out of the check instead of failing them', () => {
    const withoutServer = evaluateApi(appSite({ ...openApi, [PRM]: json(PRM, apiKeys) }));
    const missing = evaluateApi(appSite(openApi));
    expect(withoutServer.max).toBe(missing.max - 2);
    expect(withoutServer.score).toBe(missing.score + 2);
  });

  it('still asks for authorization-server metadata when the resource names a server', () => {
    const check = evaluateApi(
      appSite({ ...openApi, [PRM]: json(PRM, { ...apiKeys, authorization_servers: [ORIGIN] }) }),
    );
    expect(findingTexts(check)).toContain('No OAuth/OpenID authorization-server metadata');
  });

  it('says precisely what is wrong with metadata that tells an agent nothing', () => {
    const silent = evaluateApi(appSite({ ...openApi, [PRM]: json(PRM, { resource: ORIGIN }) }));
    expect(findingTexts(silent)).toContain(
      'names neither authorization_servers nor bearer_methods_supported',
    );
    const empty = evaluateApi(
      appSite({ ...openApi, [PRM]: json(PRM, { ...apiKeys, authorization_servers: [] }) }),
    );
    expect(findingTexts(empty)).toContain('authorization_servers is empty');
    const odd = evaluateApi(
      appSite({
        ...openApi,
        [PRM]: json(PRM, { ...apiKeys, bearer_methods_supported: ['cookie'] }),
      }),
    );
    expect(findingTexts(odd)).toContain('bearer_methods_supported has cookie');
  });
});

describe('MCP and A2A as alternatives', () => {
  const mcpCard = {
    '/.well-known/mcp/server-card.json': json('/.well-known/mcp/server-card.json', {
      name: 'example',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }],
    }),
  };
  const a2aCard = {
    '/.well-known/agent-card.json': json('/.well-known/agent-card.json', {
      name: 'Example agent',
      description: 'Answers questions',
      version: '1.0.0',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      supportedInterfaces: [
        { url: `${ORIGIN}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
      skills: [{ id: 'a', name: 'A', description: 'a' }],
    }),
  };
  const states = (check: ReturnType<typeof evaluateAgent>) =>
    check.findings.map((finding) => `${finding.state}: ${finding.text}`);

  it('does not ask a tool server with an MCP card for an A2A card', () => {
    const check = evaluateAgent(appSite(mcpCard));
    expect(states(check)).toContainEqual(
      expect.stringMatching(/^info: No A2A agent card: not applicable/),
    );
    expect(states(check).join('\n')).not.toMatch(/^warn: No A2A/m);
  });

  it('does not ask an A2A agent for an MCP server card', () => {
    const check = evaluateAgent(appSite(a2aCard));
    expect(states(check)).toContainEqual(
      expect.stringMatching(/^info: No MCP server card: not applicable/),
    );
    // a2a 3 of 3; mcp card and live out of the check; skills and manifests still expected
    expect(check).toMatchObject({ score: 3, max: 7 });
  });

  it('still expects one of them from an app site that has neither', () => {
    const check = evaluateAgent(appSite({}));
    expect(findingTexts(check)).toMatch(/No MCP server card/);
    expect(findingTexts(check)).toMatch(/No A2A agent card/);
    expect(check.findings.some((finding) => /not applicable/.test(finding.text))).toBe(false);
  });

  it('does not let an unusable MCP card excuse the missing A2A card', () => {
    const check = evaluateAgent(
      appSite({
        '/.well-known/mcp/server-card.json': json('/.well-known/mcp/server-card.json', {
          version: '1.0.0',
        }),
      }),
    );
    expect(states(check)).toContainEqual(expect.stringMatching(/^warn: No A2A agent card/));
  });
});

describe('entity identity of an origin that is not on the public web', () => {
  const noSameAs = (origin: string) =>
    makeArtifacts({
      origin,
      homepage: response(`${origin}/`, { type: 'text/html', body: serverRenderedHtml() }),
    });

  it.each([
    'http://localhost:8080',
    'http://127.0.0.1:3000',
    'http://10.1.2.3',
    'http://[::1]:8080',
    'http://intranet.internal',
  ])('is not applicable on %s without sameAs', (origin) => {
    const check = evaluateEntity(noSameAs(origin));
    expect(check).toMatchObject({ state: 'unknown', max: 0 });
    expect(findingTexts(check)).toContain('private-network or local address');
  });

  it.each(['https://example.com', 'http://93.184.215.14'])(
    'is still judged on the public origin %s',
    (origin) => {
      const check = evaluateEntity(noSameAs(origin));
      expect(check.max).toBe(14);
      expect(findingTexts(check)).toContain('has no sameAs links');
    },
  );

  it('scores sameAs links published on a private origin', () => {
    const origin = 'http://127.0.0.1:3000';
    const ld = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'x',
      sameAs: ['https://github.com/example'],
    })}</script>`;
    const check = evaluateEntity(
      makeArtifacts({
        origin,
        homepage: response(`${origin}/`, { type: 'text/html', body: serverRenderedHtml(ld) }),
      }),
    );
    expect(check.max).toBe(14);
    expect(findingTexts(check)).toContain('sameAs names 1 recognised platform');
  });
});
