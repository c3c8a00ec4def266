/**
 * The tool server (docs/architecture.md, MCP): its tools come from the route manifest, a tool
 * call becomes exactly the REST request of its route under the caller's key, a 2xx body is the
 * tool's structured result and a REST error is a tool error with the same code. An in-memory MCP
 * transport and a recording invoker: no HTTP, no store.
 */
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import { buildMcpServer, renderText } from '#shared/surfaces/mcp/server';

const META = {
  pricing: { model: 'free' },
  generated_at: '2026-11-25T18:00:00.000Z',
  docs: 'https://api.example/docs',
};
const RUN_ID = '7d0f6a53-4a8e-4a4f-9a55-2f2d0c4d7e11';

interface Recorded {
  operationId: string;
  event: APIGatewayProxyEventV2;
}

let client: Client | undefined;

async function connect(answer: (operationId: string) => APIGatewayProxyStructuredResultV2) {
  const calls: Recorded[] = [];
  const invoke: RouteInvoker = async (route, event) => {
    calls.push({ operationId: route.operationId, event });
    return answer(route.operationId);
  };
  const server = buildMcpServer({
    authorization: 'Bearer ars_test_key',
    domainName: 'api.example',
    proto: 'https',
    sourceIp: '203.0.113.7',
    invoke,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'unit', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, calls };
}

const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('MCP tool server', () => {
  it('lists one tool per manifest route marked mcpTool, each with input and output schemas', async () => {
    const { client } = await connect(() => json(500, {}));
    const { tools } = await client.listTools();
    const expected = ROUTES.filter((route) => route.mcpTool).map((route) => route.operationId);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...expected].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const scan = tools.find((tool) => tool.name === 'scan_domain');
    expect(scan?.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    const stats = tools.find((tool) => tool.name === 'get_stats');
    expect(stats?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('turns a tool call into its route request: path, query, key and source address', async () => {
    const { client, calls } = await connect(() => json(200, { runs: [], meta: META }));
    await client.callTool({ name: 'list_runs', arguments: { id: 'case/1 x', limit: 5 } });
    expect(calls).toHaveLength(1);
    const { operationId, event } = calls[0] as Recorded;
    expect(operationId).toBe('list_runs');
    expect(event.routeKey).toBe('GET /api/v1/cases/{id}/runs');
    expect(event.rawPath).toBe('/api/v1/cases/case%2F1%20x/runs');
    expect(event.pathParameters).toEqual({ id: 'case/1 x' });
    expect(event.rawQueryString).toBe('limit=5');
    expect(event.headers.authorization).toBe('Bearer ars_test_key');
    expect(event.headers['x-forwarded-proto']).toBe('https');
    expect(event.requestContext.http.sourceIp).toBe('203.0.113.7');
    expect(event.requestContext.domainName).toBe('api.example');
    expect(event.body).toBeUndefined();
  });

  it('sends body fields as the JSON body of a route that takes one', async () => {
    const { client, calls } = await connect(() =>
      json(400, { error: { code: 'invalid_domain', message: 'No.' }, meta: META }),
    );
    await client.callTool({ name: 'scan_domain', arguments: { domain: 'example.com' } });
    const { event } = calls[0] as Recorded;
    expect(event.routeKey).toBe('POST /api/v1/scans');
    expect(JSON.parse(event.body ?? '')).toEqual({ domain: 'example.com' });
  });

  it('answers the REST body as structured content, with a text rendering without meta', async () => {
    const run = {
      id: RUN_ID,
      label: '2026-11',
      kind: 'manual',
      status: 'queued',
      scheduled_for: '2026-11-25T18:00:00.000Z',
      finished_at: null,
      total_score: null,
      delta: null,
      error: null,
    };
    const body = { runs: [run], meta: META };
    const { client } = await connect(() => json(200, body));
    const result = await client.callTool({ name: 'list_runs', arguments: { id: 'c1' } });
    if (result.isError) expect.fail(JSON.stringify(result.content));
    expect(result.structuredContent).toEqual(body);
    const [text] = result.content as { type: string; text: string }[];
    expect(JSON.parse(text?.text ?? '')).toEqual({ runs: [run] });
  });

  it('answers a REST error as a tool error with its code and message, and no structured content', async () => {
    const { client } = await connect(() =>
      json(404, { error: { code: 'not_found', message: 'No case "x".' }, meta: META }),
    );
    const result = await client.callTool({ name: 'get_case', arguments: { id: 'x' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const [first] = result.content as { type: string; text: string }[];
    expect(first?.text).toBe('not_found: No case "x".');
  });

  it('caps the text rendering and says where the full result is', () => {
    const text = renderText({ items: 'x'.repeat(10_000), meta: META });
    expect(text.length).toBeLessThan(4_100);
    expect(text).toMatch(/truncated; the full result is in structuredContent\)$/);
    expect(text).not.toContain('generated_at');
  });
});
