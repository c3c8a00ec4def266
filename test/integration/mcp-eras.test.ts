import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 26, point 2: the tool server is dual-era on both of its URLs. 2026-07-28 clients send
 * every request on its own, with `_meta` and the `MCP-Protocol-Version` / `Mcp-Method` /
 * `Mcp-Name` headers; 2025-11-25 clients `initialize` first. Both get the same seven tools, with
 * the same schemas and the same results. Raw JSON-RPC over HTTP shows the wire; the official v2
 * client shows that a client of this year's SDK works in either era.
 */
let stack: TestStack;
let key: string;
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
/** Every revision served: this year's, then every handshake revision of the official SDK. */
const SERVED = [MODERN, LEGACY, '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
const SEVEN = [
  'get_case',
  'get_case_summary',
  'get_scan',
  'get_stats',
  'list_cases',
  'list_runs',
  'scan_domain',
];

beforeAll(async () => {
  stack = await startTestStack();
  key = await stack.createKey(['scans:read', 'scans:write', 'monitor:read']);
});
afterAll(async () => {
  await stack?.close();
});

type Form = 'header' | 'path';
const urlOf = (form: Form) =>
  form === 'path' ? `${stack.baseUrl}/api/mcp/${key}` : `${stack.baseUrl}/api/mcp`;

interface Answer {
  status: number;
  body: {
    result?: Record<string, unknown> & { _meta?: Record<string, unknown> };
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

async function post(form: Form, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(urlOf(form), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(form === 'header' ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const meta = (version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientInfo': { name: 'eras-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** A 2026-07-28 request with its headers; `headers` overrides them. */
function modern(
  form: Form,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const name: Record<string, string> =
    typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return post(
    form,
    { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta() } },
    { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name, ...headers },
  );
}

function legacy(form: Form, id: number, method: string, params?: Record<string, unknown>) {
  return post(
    form,
    { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) },
    method === 'initialize' ? {} : { 'mcp-protocol-version': LEGACY },
  );
}

const withoutGeneratedAt = (body: unknown) => {
  const copy = structuredClone(body) as { meta?: { generated_at?: string } };
  if (copy.meta) delete copy.meta.generated_at;
  return copy;
};

describe.each<Form>(['header', 'path'])('2026-07-28 with the key in the %s', (form) => {
  it('answers server/discover with the versions, capabilities and identity', async () => {
    const { status, body } = await modern(form, 'server/discover');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      capabilities: { tools: {} },
      cacheScope: 'public',
    });
    expect(body.result?.supportedVersions).toContain(MODERN);
    expect(body.result?.ttlMs).toBeGreaterThan(0);
    expect(body.result?._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({
      name: 'agent-readiness',
    });
  });

  it('lists the seven tools with ttlMs and a public cacheScope', async () => {
    const { status, body } = await modern(form, 'tools/list');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    expect(body.result?.ttlMs).toBeGreaterThan(0);
    const tools = body.result?.tools as { name: string }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual(SEVEN);
  });

  it('calls a tool with matching headers: the REST body, resultType complete', async () => {
    const { status, body } = await modern(form, 'tools/call', { name: 'get_stats', arguments: {} });
    expect(status).toBe(200);
    expect(body.result?.resultType).toBe('complete');
    expect(body.result?.isError).toBeFalsy();
    const rest = await callJson(stack.baseUrl, '/api/v1/stats', { key });
    expect(withoutGeneratedAt(body.result?.structuredContent)).toEqual(
      withoutGeneratedAt(rest.body),
    );
  });

  it.each([
    ['an Mcp-Method naming another method', { 'mcp-method': 'tools/list' }],
    ['an Mcp-Name naming another tool', { 'mcp-name': 'scan_domain' }],
    ['an MCP-Protocol-Version other than the body', { 'mcp-protocol-version': LEGACY }],
  ])('refuses a tools/call with %s: 400, -32020', async (_case, headers) => {
    const { status, body } = await modern(
      form,
      'tools/call',
      { name: 'get_stats', arguments: {} },
      headers,
    );
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it('refuses a tools/call without the MCP headers: 400', async () => {
    const { status, body } = await post(
      form,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_stats', arguments: {}, _meta: meta() },
      },
      {},
    );
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
  });

  it('answers an unknown version with 400, -32022 and the versions served', async () => {
    const { status, body } = await post(
      form,
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: meta('1900-01-01') } },
      { 'mcp-protocol-version': '1900-01-01', 'mcp-method': 'tools/list' },
    );
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32022);
    expect(body.error?.data?.supported).toEqual(SERVED);
    expect(body.error?.data?.requested).toBe('1900-01-01');
  });
});

describe.each<Form>(['header', 'path'])('2025-11-25 with the key in the %s', (form) => {
  it('initializes, then calls a tool without a session: the same result as 2026-07-28', async () => {
    const init = await legacy(form, 1, 'initialize', {
      protocolVersion: LEGACY,
      capabilities: {},
      clientInfo: { name: 'eras-test', version: '1.0.0' },
    });
    expect(init.status).toBe(200);
    expect(init.body.result).toMatchObject({
      protocolVersion: LEGACY,
      serverInfo: { name: 'agent-readiness' },
    });
    const call = await legacy(form, 2, 'tools/call', { name: 'list_cases', arguments: {} });
    expect(call.status).toBe(200);
    expect(call.body.result?.resultType).toBeUndefined();
    const now = await modern(form, 'tools/call', { name: 'list_cases', arguments: {} });
    expect(withoutGeneratedAt(call.body.result?.structuredContent)).toEqual(
      withoutGeneratedAt(now.body.result?.structuredContent),
    );
  });

  it('offers 2025-11-25 to a client asking for a revision not served', async () => {
    const init = await legacy(form, 1, 'initialize', {
      protocolVersion: '2024-01-01',
      capabilities: {},
      clientInfo: { name: 'eras-test', version: '1.0.0' },
    });
    expect(init.body.result?.protocolVersion).toBe(LEGACY);
  });
});

/**
 * Clients still in use speak the earlier handshake revisions (issue 36 point 5): each is answered
 * in its own revision, then lists and calls the tools. A 2025-06-18 client sends its version in
 * `MCP-Protocol-Version` after `initialize`; a 2025-03-26 client sends no such header.
 */
describe.each([
  { version: '2025-06-18', header: true },
  { version: '2025-03-26', header: false },
])('a $version client', ({ version, header }) => {
  const after: Record<string, string> = header ? { 'mcp-protocol-version': version } : {};
  const send = (id: number, method: string, params?: Record<string, unknown>) =>
    post('header', { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, after);

  it('is answered in its own revision, then lists and calls the tools', async () => {
    const init = await post(
      'header',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: `client-${version}`, version: '1.0.0' },
        },
      },
      {},
    );
    expect(init.status).toBe(200);
    expect(init.body.result).toMatchObject({
      protocolVersion: version,
      capabilities: { tools: {} },
      serverInfo: { name: 'agent-readiness' },
    });
    const listed = await send(2, 'tools/list');
    expect(listed.status).toBe(200);
    const tools = listed.body.result?.tools as { name: string }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual(SEVEN);
    const called = await send(3, 'tools/call', { name: 'get_stats', arguments: {} });
    expect(called.status).toBe(200);
    expect(called.body.result?.isError).toBeFalsy();
    const content = called.body.result?.content as { type: string; text: string }[];
    expect(JSON.parse(content[0]?.text ?? '{}')).toHaveProperty('stats');
  });
});

describe('both eras', () => {
  it('list the same tools with the same schemas', async () => {
    const now = await modern('header', 'tools/list');
    const before = await legacy('header', 3, 'tools/list');
    expect(before.body.result?.tools).toEqual(now.body.result?.tools);
  });

  it('serve the official v2 client in either era, pinned to 2026-07-28 or by initialize', async () => {
    for (const versionNegotiation of [{ mode: { pin: MODERN } }, { mode: 'legacy' }] as const) {
      const client = new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation });
      await client.connect(new StreamableHTTPClientTransport(new URL(urlOf('path'))));
      expect(client.getProtocolEra()).toBe(
        versionNegotiation.mode === 'legacy' ? 'legacy' : 'modern',
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(SEVEN);
      const stats = await client.callTool({ name: 'get_stats', arguments: {} });
      expect(stats.isError).toBeFalsy();
      expect(stats.structuredContent).toHaveProperty('meta');
      await client.close();
    }
  });

  it('are named by the server card and the AI Catalog of the site', async () => {
    const card = (await (await fetch(`${stack.baseUrl}/api/mcp/server-card`)).json()) as {
      version: string;
      remotes: { url: string; supportedProtocolVersions: string[] }[];
    };
    expect(card.remotes[0]?.supportedProtocolVersions).toEqual(SERVED);
    const discover = await modern('path', 'server/discover');
    const serverInfo = discover.body.result?._meta?.['io.modelcontextprotocol/serverInfo'];
    expect(serverInfo).toMatchObject({ version: card.version });
    const catalog = (await (
      await fetch(`${stack.baseUrl}/.well-known/ai-catalog.json`)
    ).json()) as {
      entries: { type: string; extensions?: { supportedProtocolVersions?: string[] } }[];
    };
    const entry = catalog.entries.find((item) => item.type === 'application/mcp-server-card+json');
    expect(entry?.extensions?.supportedProtocolVersions).toEqual(SERVED);
  });
});
