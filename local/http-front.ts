import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { errorResponse } from '#shared/api/http-handler';
import { FALLBACK_HANDLER, matchRoute } from '#shared/api/manifest';
import { AppError, BadRequestError } from '#shared/errors';

/**
 * The local stand-in for API Gateway (HTTP API, payload v2): routes by the same manifest as CDK,
 * turns each request into the event API Gateway would send, and calls the same handler module
 * Lambda would run.
 */
type LambdaHttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway refuses payloads over 10 MB; locally we refuse far earlier to protect memory. */
const MAX_FRONT_BODY_BYTES = 1024 * 1024;
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const repositoryRoot = new URL('../', import.meta.url);
const handlerCache = new Map<string, Promise<LambdaHttpHandler>>();

function loadHandler(modulePath: string): Promise<LambdaHttpHandler> {
  let loading = handlerCache.get(modulePath);
  if (!loading) {
    loading = import(new URL(modulePath, repositoryRoot).href).then(
      (module: { handler: LambdaHttpHandler }) => module.handler,
    );
    handlerCache.set(modulePath, loading);
  }
  return loading;
}

function clientAddress(request: IncomingMessage): string {
  const address = request.socket?.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Reads the body, keeping at most MAX_FRONT_BODY_BYTES. A larger body is drained without being
 * kept, so the client finishes its upload and reads the 413; past DRAIN_LIMIT_BYTES the
 * connection is cut instead of reading on.
 */
function readBody(request: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FRONT_BODY_BYTES) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) request.destroy();
    });
    request.on('end', () =>
      resolve(size > MAX_FRONT_BODY_BYTES ? 'too_large' : Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

function toEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  params: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-forwarded-proto'] = 'http';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = query[name] ? `${query[name]},${value}` : value;
  const now = Date.now();
  const requestId = crypto.randomUUID();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length > 0 ? { pathParameters: params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: (request.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: clientAddress(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length > 0 ? { body: body.toString('utf8') } : {}),
    isBase64Encoded: false,
  };
}

function lambdaContext(functionName: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body ?? '';
  response.writeHead(result.statusCode ?? 200, {
    ...Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    ),
  });
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

/** Errors the front answers itself, in the same envelope and with the same headers as handlers. */
function writeFrontError(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  const info = {
    id: crypto.randomUUID(),
    baseUrl: `http://${request.headers.host ?? 'localhost'}`,
    sourceIp: clientAddress(request),
  };
  writeResult(response, errorResponse(error, info));
}

/**
 * The request target as API Gateway would see it: origin-form only ("/path?query"). An
 * absolute-form or unparseable target is the client's mistake, not a crash.
 */
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

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (body === 'too_large') {
    writeFrontError(
      request,
      response,
      new AppError('payload_too_large', 'payload_too_large', 'The request body is too large.'),
    );
    return;
  }
  let url: URL;
  try {
    url = parseTarget(request.url);
  } catch (error) {
    writeFrontError(request, response, error);
    return;
  }
  const method = (request.method ?? 'GET').toUpperCase();
  const match = matchRoute(method, url.pathname);
  const route = match && 'route' in match ? match : undefined;
  const modulePath = route ? route.route.handler : FALLBACK_HANDLER;
  const routeKey = route ? `${route.route.method} ${route.route.path}` : '$default';
  const event = toEvent(request, url, body, routeKey, route?.params ?? {});
  const handler = await loadHandler(modulePath);
  const result = await handler(
    event,
    lambdaContext(route?.route.operationId ?? 'fallback', event.requestContext.requestId),
  );
  writeResult(response, result);
}

export interface HttpFront {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startHttpFront(port: number, host: string): Promise<HttpFront> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Not an AppError: the envelope says only "internal_error", the log has the details.
      if (!response.headersSent) writeFrontError(request, response, error);
      else response.end();
    });
  });
  // Scans take up to ~30 s; keep Node's default request timeout out of their way.
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
