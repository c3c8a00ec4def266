/**
 * One MCP server per request (official SDK v2, which speaks both eras: dual-era.ts): every tool
 * of `TOOLS`, each calling its REST route under the caller's key. The result's
 * `structuredContent` is the REST body, `meta` included, with a short text rendering beside it;
 * a REST error is a tool error carrying the same `error.code` and message. The same server,
 * tools, schemas and results serve 2026-07-28 and 2025-11-25 clients alike.
 */
import { type CallToolResult, type ListToolsResult, McpServer } from '@modelcontextprotocol/server';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteInvoker } from './invoker.ts';
import { portableToolSchema } from './portable-schema.ts';
import { TOOLS, type ToolDefinition } from './tools.ts';
import { SERVED_PROTOCOL_VERSIONS, SERVER_INFO, TOOL_LIST_TTL_MS } from './versions.ts';

export interface ToolCallContext {
  /** `Bearer <key>`, exactly as the REST route will check it. */
  authorization: string;
  /** The domain the MCP request arrived on: links in results match REST's. */
  domainName: string;
  proto: 'http' | 'https';
  sourceIp: string;
  invoke: RouteInvoker;
}

const MAX_TEXT = 4000;

/** The API Gateway event the tool's REST route would receive for this call. */
function routeEvent(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: ToolCallContext,
): APIGatewayProxyEventV2 {
  const { route } = tool;
  const { path, pathParameters, query, body } = placeArguments(tool, args);
  const hasBody = route.request?.body !== undefined;
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: path,
    rawQueryString: query.toString(),
    headers: {
      authorization: context.authorization,
      'content-type': 'application/json',
      'x-forwarded-proto': context.proto,
      'user-agent': 'agent-readiness-mcp',
    },
    ...(query.size > 0 ? { queryStringParameters: Object.fromEntries(query) } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
    requestContext: requestContextOf(tool, path, context),
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
}

interface PlacedArguments {
  /** The route's path with its parameters filled in. */
  path: string;
  pathParameters: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** Each argument where the route takes it: in the path, the query string or the body. */
function placeArguments(tool: ToolDefinition, args: Record<string, unknown>): PlacedArguments {
  const placed: PlacedArguments = {
    path: tool.route.path,
    pathParameters: {},
    query: new URLSearchParams(),
    body: {},
  };
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const where = tool.placement[name];
    if (where === 'path') {
      placed.pathParameters[name] = String(value);
      placed.path = placed.path.replace(`{${name}}`, encodeURIComponent(String(value)));
    } else if (where === 'query') {
      placed.query.set(name, String(value));
    } else if (where === 'body') {
      placed.body[name] = value;
    }
  }
  return placed;
}

/** What API Gateway adds about a request: the domain it came in on, the caller, an id, a time. */
function requestContextOf(
  tool: ToolDefinition,
  path: string,
  context: ToolCallContext,
): APIGatewayProxyEventV2['requestContext'] {
  const { route } = tool;
  const now = Date.now();
  return {
    accountId: 'mcp',
    apiId: 'mcp',
    domainName: context.domainName,
    domainPrefix: context.domainName.split('.')[0] ?? '',
    http: {
      method: route.method,
      path,
      protocol: 'HTTP/1.1',
      sourceIp: context.sourceIp,
      userAgent: 'agent-readiness-mcp',
    },
    requestId: crypto.randomUUID(),
    routeKey: `${route.method} ${route.path}`,
    stage: '$default',
    time: new Date(now).toUTCString(),
    timeEpoch: now,
  };
}

/** A short, readable rendering: the body without `meta`, compact, capped. */
export function renderText(body: Record<string, unknown>): string {
  const { meta: _meta, ...rest } = body;
  const text = JSON.stringify(rest);
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}… (truncated; the full result is in structuredContent)`
    : text;
}

async function callTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: ToolCallContext,
): Promise<CallToolResult> {
  const result = await context.invoke(tool.route, routeEvent(tool, args, context));
  const body = JSON.parse(result.body ?? '{}') as Record<string, unknown>;
  const status = result.statusCode ?? 500;
  if (status >= 200 && status < 300) {
    return { content: [{ type: 'text', text: renderText(body) }], structuredContent: body };
  }
  // A tool error carries the REST error's code and message; no structuredContent, which would
  // have to match the tool's output schema (clients validate it).
  const error = (body.error ?? {}) as { code?: string; message?: string };
  return {
    isError: true,
    content: [
      { type: 'text', text: `${error.code ?? 'internal_error'}: ${error.message ?? ''}` },
      { type: 'text', text: JSON.stringify(body) },
    ],
  };
}

function annotationsOf(tool: ToolDefinition) {
  return {
    readOnlyHint: tool.route.method === 'GET',
    openWorldHint: tool.route.operationId === 'scan_domain',
  };
}

/**
 * The `tools/list` answer: the SDK's listing, but with schemas free of `type` arrays
 * (portable-schema.ts), so single-type clients accept every tool.
 */
export function listTools(): ListToolsResult {
  return {
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: portableToolSchema(tool.inputSchema, 'input') as { type: 'object' },
      outputSchema: portableToolSchema(tool.outputSchema, 'output') as { type: 'object' },
      annotations: annotationsOf(tool),
    })),
  };
}

export function buildMcpServer(context: ToolCallContext): McpServer {
  const cacheHint = { ttlMs: TOOL_LIST_TTL_MS, cacheScope: 'public' } as const;
  const server = new McpServer(SERVER_INFO, {
    // A client initializing with any revision the SDK serves is answered in that revision.
    supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS],
    cacheHints: { 'tools/list': cacheHint, 'server/discover': cacheHint },
  });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: annotationsOf(tool),
      },
      (args: Record<string, unknown>) => callTool(tool, args, context),
    );
  }
  // The SDK keeps validating arguments and results with the zod schemas; only the listing
  // changes. Registering the tools above installed the SDK's own handler, replaced here.
  server.server.setRequestHandler('tools/list', listTools);
  return server;
}
