/**
 * Both protocol eras on the tool server's one endpoint (docs/api.md "The tool server (MCP)"), from
 * one server factory, so that the two can never offer different tools:
 *
 * - 2026-07-28 ("modern", stateless): every request carries its version, capabilities and client
 *   in `_meta` and the `MCP-Protocol-Version` / `Mcp-Method` / `Mcp-Name` headers. The official
 *   SDK's handler serves it: `server/discover`, header validation (400, -32020), unknown versions
 *   (400, -32022), `resultType` on every result, `ttlMs` / `cacheScope` on cacheable ones.
 * - 2025-11-25 ("legacy"): `initialize`, then requests without `_meta`. Served statelessly, one
 *   fresh server per request, answering JSON (not an event stream), as before.
 *
 * The SDK routes a request to an era by its body (`isLegacyRequest`). One change to its answers:
 * an unsupported-version error lists both revisions served, not only the modern one, so a client
 * that speaks only 2025-11-25 learns it is served too.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { SERVED_PROTOCOL_VERSIONS } from './versions.ts';

/** JSON-RPC error of 2026-07-28: the requested protocol version is not served. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Serves one HTTP request of either era with a server `build` makes for it. */
export async function serveBothEras(
  request: Request,
  build: () => McpServer,
  onError: (error: Error) => void,
): Promise<Response> {
  if (await isLegacyRequest(request)) return serveLegacy(request, build());
  const modern = createMcpHandler(build, { legacy: 'reject', onerror: onError });
  try {
    return await withServedVersions(await modern.fetch(request));
  } finally {
    await modern.close();
  }
}

/** 2025-11-25: the stateless idiom of that revision, answering one JSON body. */
async function serveLegacy(request: Request, server: McpServer): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // Read before the server closes: the answer must not depend on what closing does to it.
    return new Response(await response.text(), response);
  } finally {
    await transport.close();
    await server.close();
  }
}

/** A -32022 error names every revision served, legacy included. */
async function withServedVersions(response: Response): Promise<Response> {
  if (response.status !== 400) return response;
  const text = await response.text();
  const body = parseObject(text);
  const error = body?.error as { code?: unknown; data?: Record<string, unknown> } | undefined;
  if (error?.code !== UNSUPPORTED_PROTOCOL_VERSION) return new Response(text, response);
  error.data = { ...error.data, supported: [...SERVED_PROTOCOL_VERSIONS] };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
