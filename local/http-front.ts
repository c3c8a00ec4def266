/**
 * The local stand-in for API Gateway (HTTP API, payload v2): routes by the same manifest as CDK
 * (the most specific route wins), answers CORS preflights as the CDK configuration does, turns
 * each request into the event API Gateway would send, and calls the same handler module Lambda
 * would run. It answers only for loopback host names (`localhost`, `127.0.0.1`, `[::1]`, any
 * port), the address it listens on and ALLOWED_HOSTS: any other Host gets 421 on every route, so
 * a page whose name was rebound to this machine cannot drive the stack. Headers sent more than
 * once reach the handler joined with commas, as API Gateway passes them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError, BadRequestError } from '#shared/domain/kernel/errors';
import { corsPreflightHeaders, corsResponseHeaders } from '#shared/surfaces/api/cors';
import { FALLBACK_HANDLER, matchPath, matchRoute } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS, MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { errorResponse } from '#shared/surfaces/http/request';
import { getLogger } from '#shared/wiring/logger';
import { bodyLimitOf, isTextBody } from './front-bodies.ts';
import { answerOnSocket, answerParserError } from './front-socket-answers.ts';
import { invokeLocal } from './lambda-runtime.ts';

type Result = APIGatewayProxyStructuredResultV2;

/** API Gateway refuses payloads over 10 MB; locally we refuse far earlier to protect memory. */
const MAX_FRONT_BODY_BYTES = 1024 * 1024;
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

export interface HttpFrontOptions {
  port: number;
  host: string;
  /**
   * Extra host names the front answers as itself (ALLOWED_HOSTS): `name` for any port,
   * `name:port` for that port only.
   */
  allowedHosts?: readonly string[];
  /**
   * The time each invoked function is given (its context's remaining time): 30 s, the HTTP API's
   * cut, unless a test wants a short deadline (issue 36, point 10).
   */
  functionTimeoutMs?: number;
}

function clientAddress(request: IncomingMessage): string {
  const address = request.socket?.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      // A larger body is drained without being kept, so the client can read the 413.
      else if (size > Math.max(limit, DRAIN_LIMIT_BYTES)) request.destroy();
    });
    request.on('end', () => resolve(size > limit ? 'too_large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The headers as API Gateway (payload 2.0) hands them over: names in lower case, a header sent
 * more than once joined with commas. Node keeps only the first of some (Authorization among
 * them), which would resolve two keys to the first instead of refusing them.
 */
function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    // Cookies are the exception: API Gateway passes them on joined with "; ".
    if (values !== undefined) headers[name] = values.join(name === 'cookie' ? '; ' : ',');
  }
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

interface EventParts {
  url: URL;
  body: Buffer;
  routeKey: string;
  params: Record<string, string>;
  domainName: string;
}

function toEvent(request: IncomingMessage, parts: EventParts): APIGatewayProxyEventV2 {
  const headers = headersOf(request);
  const query: Record<string, string> = {};
  for (const [name, value] of parts.url.searchParams)
    query[name] = query[name] ? `${query[name]},${value}` : value;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: parts.routeKey,
    rawPath: parts.url.pathname,
    rawQueryString: parts.url.search.slice(1),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(Object.keys(parts.params).length > 0 ? { pathParameters: parts.params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: parts.domainName,
      domainPrefix: parts.domainName.split('.')[0] ?? 'localhost',
      http: {
        method: (request.method ?? 'GET').toUpperCase(),
        path: parts.url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: clientAddress(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: crypto.randomUUID(),
      routeKey: parts.routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(parts.body.length > 0
      ? { body: parts.body.toString(isTextBody(headers) ? 'utf8' : 'base64') }
      : {}),
    isBase64Encoded: parts.body.length > 0 && !isTextBody(headers),
  };
}

function writeResult(
  response: ServerResponse,
  result: Result,
  extra: Record<string, string>,
): void {
  const body = result.body ?? '';
  response.writeHead(result.statusCode ?? 200, {
    ...Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    ),
    ...extra,
  });
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

/** The request target as API Gateway would see it: origin-form only ("/path?query"). */
function parseTarget(target: string | undefined): URL {
  if (target?.startsWith('/')) {
    try {
      return new URL(`http://local${target}`);
    } catch {
      // fall through to the 400 below
    }
  }
  throw new BadRequestError(
    'invalid_request',
    'The request target must be a path such as /api/v1/stats.',
  );
}

interface Target {
  handler: string;
  functionName: string;
  routeKey: string;
  params: Record<string, string>;
}

/** The handler API Gateway would invoke: the tool server, a manifest route, or `$default`. */
function targetOf(method: string, path: string): Target {
  // As in API Gateway, a literal route (GET /api/mcp/server-card) beats a `{param}` one.
  const literal = matchRoute(method, path);
  if (literal && 'route' in literal && !literal.route.path.includes('{')) {
    return {
      handler: literal.route.handler,
      functionName: literal.route.operationId,
      routeKey: `${literal.route.method} ${literal.route.path}`,
      params: literal.params,
    };
  }
  for (const endpoint of MCP_ENDPOINTS) {
    const params = matchPath(endpoint.path, path);
    if (params) {
      return {
        handler: MCP_HANDLER,
        functionName: 'mcp',
        routeKey: `ANY ${endpoint.path}`,
        params,
      };
    }
  }
  const match = matchRoute(method, path);
  if (match && 'route' in match) {
    return {
      handler: match.route.handler,
      functionName: match.route.operationId,
      routeKey: `${match.route.method} ${match.route.path}`,
      params: match.params,
    };
  }
  return { handler: FALLBACK_HANDLER, functionName: 'fallback', routeKey: '$default', params: {} };
}

export interface HttpFront {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * The host names the front answers as: a request's Host header is used for links only when it is
 * one of these (set once the port is known); anything else gets `own`. `answered` decides which
 * Host names are served at all.
 */
interface HostNames {
  own: string;
  trusted: Set<string>;
  answered: (host: string | undefined) => boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which Host headers the front serves: loopback names on any port, the address it listens on
 * (unless it listens on every interface) and ALLOWED_HOSTS (`name` any port, `name:port` exact).
 */
export function hostGate(
  listenHost: string,
  allowedHosts: readonly string[],
): (host: string | undefined) => boolean {
  const anyPort = new Set(LOOPBACK_NAMES);
  const exact = new Set<string>();
  const listening = listenHost.includes(':') ? `[${listenHost}]` : listenHost.toLowerCase();
  if (listening !== '0.0.0.0' && listening !== '[::]') anyPort.add(listening);
  for (const entry of allowedHosts) {
    const name = entry.toLowerCase();
    if (/:\d+$/.test(name)) exact.add(name);
    else anyPort.add(name);
  }
  return (host) => {
    const url = host ? URL.parse(`http://${host}/`) : null;
    if (!url || url.host.toLowerCase() !== host?.toLowerCase().replace(/:80$/, '')) return false;
    return anyPort.has(url.hostname) || exact.has(host.toLowerCase());
  };
}

export async function startHttpFront(options: HttpFrontOptions): Promise<HttpFront> {
  const names: HostNames = {
    own: 'localhost',
    trusted: new Set(),
    answered: hostGate(options.host, options.allowedHosts ?? []),
  };
  const server = createServer((request, response) => {
    handle(names, request, response, options.functionTimeoutMs).catch((error: unknown) => {
      // Not an AppError: the envelope says only "internal_error", the log has the details.
      if (!response.headersSent) frontError(names, request, response, error);
      else response.end();
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    answerParserError(error, socket),
  );
  // CONNECT never reaches 'request': without this listener Node drops the connection unanswered.
  server.on('connect', (_request: IncomingMessage, socket: Socket) =>
    answerOnSocket(
      socket,
      new AppError('not_implemented', 'CONNECT is not supported: this server is no proxy.'),
    ),
  );
  // Scans take up to ~30 s; keep Node's default request timeout out of their way.
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  names.own = `localhost:${port}`;
  for (const name of ['localhost', '127.0.0.1', '[::1]', options.host])
    names.trusted.add(`${name}:${port}`);
  for (const host of options.allowedHosts ?? []) names.trusted.add(host.toLowerCase());
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function domainNameFor(names: HostNames, hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').toLowerCase();
  return names.trusted.has(host) ? host : names.own;
}

function frontError(
  names: HostNames,
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
): void {
  const baseUrl = `http://${domainNameFor(names, request.headers.host)}`;
  const result = errorResponse(error, { id: crypto.randomUUID(), baseUrl }, getLogger());
  writeResult(response, result, corsResponseHeaders(request.headers.origin));
}

/** One request: CORS preflight here, everything else through its route's handler module. */
async function handle(
  names: HostNames,
  request: IncomingMessage,
  response: ServerResponse,
  timeoutMs: number | undefined,
): Promise<void> {
  let url: URL;
  try {
    url = parseTarget(request.url);
  } catch (error) {
    // Read (and drop) the body first, so the client can read the answer.
    await readBody(request, MAX_FRONT_BODY_BYTES);
    throw error;
  }
  const method = (request.method ?? 'GET').toUpperCase();
  const body = await readBody(request, bodyLimitOf(method, url.pathname, MAX_FRONT_BODY_BYTES));
  // Every Host sent counts: two of them (joined) name no host the front answers for.
  if (!names.answered(request.headersDistinct.host?.join(','))) {
    const misdirected = new AppError(
      'misdirected_request',
      'This server does not answer for that host name. Use localhost (or a name set in ALLOWED_HOSTS).',
    );
    frontError(names, request, response, misdirected);
    return;
  }
  if (body === 'too_large') {
    const tooLarge = new AppError('payload_too_large', 'The request body is too large.');
    frontError(names, request, response, tooLarge);
    return;
  }
  const origin = request.headers.origin;
  if (method === 'OPTIONS' && origin && request.headers['access-control-request-method']) {
    response.writeHead(204, corsPreflightHeaders()).end();
    return;
  }
  const target = targetOf(method, url.pathname);
  const event = toEvent(request, {
    url,
    body,
    routeKey: target.routeKey,
    params: target.params,
    domainName: domainNameFor(names, request.headers.host),
  });
  const result = await invokeLocal<APIGatewayProxyEventV2, Result>(target.handler, event, {
    functionName: target.functionName,
    requestId: event.requestContext.requestId,
    invoker: { kind: 'api-gateway' },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  writeResult(response, result, corsResponseHeaders(origin));
}
