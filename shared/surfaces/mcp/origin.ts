/**
 * Which web pages may call the tool server (docs/api.md "The tool server (MCP)"). Both transport
 * revisions the server speaks say a server must check `Origin` and answer 403 when it is present
 * and not allowed: a page whose name was rebound to this server, or any other site, must not
 * drive it with a key it learnt. Allowed are the service's own origin, on the local stack any
 * loopback origin, and the origins MCP_ALLOWED_ORIGINS lists; a request without `Origin` (desktop
 * and command-line clients send none) passes. The check runs before the key is read, and its
 * answer names neither the key nor the path that may carry it.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What the rule is made of; the wiring builds it from the configuration. */
export interface OriginPolicy {
  /** MCP_ALLOWED_ORIGINS, each as `URL.origin` writes it. */
  allowed: readonly string[];
  /** The local stack: `http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*` pass. */
  allowLoopback: boolean;
  /** PUBLIC_BASE_URL, when set: its origin is the service's own. */
  publicBaseUrl: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin a header names, as `URL.origin` writes it; undefined when it is not one. */
function normalised(origin: string): string | undefined {
  const url = URL.parse(origin);
  return url && url.origin !== 'null' ? url.origin : undefined;
}

/**
 * Whether a request with this `Origin` may reach the tool server, arriving at `ownOrigin` (the
 * scheme and host the request was sent to, as the platform reports them).
 */
export function originAllowed(
  origin: string | undefined,
  ownOrigin: string,
  policy: OriginPolicy,
): boolean {
  if (origin === undefined) return true;
  const named = normalised(origin.trim());
  if (named === undefined) return false;
  if (named === normalised(ownOrigin)) return true;
  if (policy.publicBaseUrl && named === normalised(policy.publicBaseUrl)) return true;
  if (policy.allowed.includes(named)) return true;
  const url = new URL(named);
  return policy.allowLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** -32600 (Invalid Request): the request cannot be served as sent. */
const FORBIDDEN_ORIGIN_CODE = -32600;

/** The 403 answer: a JSON-RPC error without an id (none was read), as the transport texts allow. */
export function forbiddenOrigin(requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({
      jsonrpc: '2.0',
      error: {
        code: FORBIDDEN_ORIGIN_CODE,
        message:
          'Forbidden: this Origin may not call the tool server. Pages of other sites are refused; ' +
          'the operator can allow an origin with MCP_ALLOWED_ORIGINS.',
      },
    }),
  };
}
