/**
 * The tool server's exchanges on the docs page (docs/api.md "The tool server (MCP)"), in both
 * protocol eras: 2026-07-28 (`server/discover`, then a `tools/call`, each POST on its own with
 * `_meta` and the MCP headers) beside 2025-11-25 (`initialize`, then the same call), and the
 * answer to an unknown version. A call's arguments are sampled from the tool's input schema; its
 * `structuredContent` is the REST route's response example (shared/surfaces/api/examples.ts).
 * test/unit/surfaces/pages/docs-mcp.test.ts sends each documented request to the real server.
 */
import { EXAMPLE_KEY, responseExample, sampleOf } from '#shared/surfaces/api/examples';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import type { ToolDefinition } from '#shared/surfaces/mcp/tools';
import {
  LEGACY_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSION,
  SERVED_PROTOCOL_VERSIONS,
  SERVER_INFO,
  TOOL_LIST_TTL_MS,
} from '#shared/surfaces/mcp/versions';

/** One POST to the tool server and its answer, as documented. */
export interface McpExchange {
  id: string;
  title: string;
  /** The MCP headers of the request (the key and content negotiation come on top). */
  headers: Record<string, string>;
  body: Record<string, unknown>;
  status: number;
  answer: Record<string, unknown>;
}

const CLIENT_INFO = { name: 'example-client', version: '1.0.0' };
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
const CAPABILITIES = { tools: { listChanged: true } };

/** The `_meta` every 2026-07-28 request carries. */
function requestMeta(version: string = MODERN_PROTOCOL_VERSION) {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

function callOf(tool: ToolDefinition, baseUrl: string) {
  const args = (sampleOf(tool.inputSchema, 'input') ?? {}) as Record<string, unknown>;
  const structuredContent = responseExample(tool.route, baseUrl).body;
  return { args, structuredContent, content: [{ type: 'text', text: '…' }] };
}

/** 2026-07-28: discovery, then a call, each request complete on its own. */
export function modernExchanges(tool: ToolDefinition, baseUrl: string): McpExchange[] {
  const call = callOf(tool, baseUrl);
  const headers = { 'MCP-Protocol-Version': MODERN_PROTOCOL_VERSION };
  return [
    {
      id: 'mcp-discover',
      title: 'server/discover',
      headers: { ...headers, 'Mcp-Method': 'server/discover' },
      body: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: requestMeta() } },
      status: 200,
      answer: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          supportedVersions: [MODERN_PROTOCOL_VERSION],
          capabilities: CAPABILITIES,
          resultType: 'complete',
          ttlMs: TOOL_LIST_TTL_MS,
          cacheScope: 'public',
          _meta: SERVER_META,
        },
      },
    },
    {
      id: 'mcp-call-modern',
      title: `tools/call ${tool.name}`,
      headers: { ...headers, 'Mcp-Method': 'tools/call', 'Mcp-Name': tool.name },
      body: {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: tool.name, arguments: call.args, _meta: requestMeta() },
      },
      status: 200,
      answer: {
        jsonrpc: '2.0',
        id: 2,
        result: {
          content: call.content,
          structuredContent: call.structuredContent,
          resultType: 'complete',
          _meta: SERVER_META,
        },
      },
    },
  ];
}

/** 2025-11-25: `initialize`, then the same call (no session: each POST stands alone). */
export function legacyExchanges(tool: ToolDefinition, baseUrl: string): McpExchange[] {
  const call = callOf(tool, baseUrl);
  const params = {
    protocolVersion: LEGACY_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: CLIENT_INFO,
  };
  const result = {
    protocolVersion: LEGACY_PROTOCOL_VERSION,
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
  };
  return [
    {
      id: 'mcp-initialize',
      title: 'initialize',
      headers: {},
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params },
      status: 200,
      answer: { jsonrpc: '2.0', id: 1, result },
    },
    {
      id: 'mcp-call',
      title: `tools/call ${tool.name}`,
      headers: { 'MCP-Protocol-Version': LEGACY_PROTOCOL_VERSION },
      body: {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: tool.name, arguments: call.args },
      },
      status: 200,
      answer: {
        jsonrpc: '2.0',
        id: 2,
        result: { content: call.content, structuredContent: call.structuredContent },
      },
    },
  ];
}

/** A version the server does not speak: 400 and the versions it does. */
export function unsupportedVersionExchange(): McpExchange {
  const requested = '2027-01-01';
  return {
    id: 'mcp-unsupported-version',
    title: 'an unknown version',
    headers: { 'MCP-Protocol-Version': requested, 'Mcp-Method': 'tools/list' },
    body: {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/list',
      params: { _meta: requestMeta(requested) },
    },
    status: 400,
    answer: {
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: -32022,
        message: `Unsupported protocol version: ${requested}`,
        data: { supported: [...SERVED_PROTOCOL_VERSIONS], requested },
      },
    },
  };
}

/** The request as a shell command. */
export function curlOf(exchange: McpExchange, baseUrl: string): string {
  return [
    `curl -X POST '${baseUrl}/api/mcp'`,
    `  -H 'Authorization: Bearer ${EXAMPLE_KEY}'`,
    `  -H 'Content-Type: application/json'`,
    `  -H 'Accept: application/json, text/event-stream'`,
    ...Object.entries(exchange.headers).map(([name, value]) => `  -H '${name}: ${value}'`),
    `  --data '${JSON.stringify(exchange.body).replaceAll("'", "'\\''")}'`,
  ].join(' \\\n');
}

/** A 2025-11-25 call of the tool: its arguments, the command and its result (examples test). */
export function toolCallExample(tool: ToolDefinition, baseUrl: string) {
  const [, call] = legacyExchanges(tool, baseUrl);
  if (!call) throw new Error('no call exchange');
  const params = call.body.params as { arguments: Record<string, unknown> };
  return { arguments: params.arguments, curl: curlOf(call, baseUrl), result: call.answer };
}

/** Exchanges as HTML: each request and its answer, with the HTTP status when it is not 200. */
export function exchangesHtml(exchanges: readonly McpExchange[], baseUrl: string): Html {
  const parts = exchanges.map((exchange) => {
    const status = exchange.status === 200 ? '' : ` (HTTP ${exchange.status})`;
    return html`<p id="${exchange.id}"><code>${exchange.title}</code> and its answer${status}:</p>
<pre tabindex="0"><code>${curlOf(exchange, baseUrl)}</code></pre>
<pre tabindex="0"><code>${JSON.stringify(exchange.answer, null, 2)}</code></pre>`;
  });
  return joinHtml(parts, '\n');
}
