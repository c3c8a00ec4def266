import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { FALLBACK_HANDLER, matchRoute } from '#shared/api/manifest';
import { buildMeta } from '#shared/api/meta';

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
  const address = request.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

async function readBody(request: IncomingMessage): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FRONT_BODY_BYTES) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toEvent(
  request: IncomingMessage,
  body: Buffer,
  routeKey: string,
  params: Record<string, string>,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://local');
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

function writeFrontError(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  const baseUrl = `http://${request.headers.host ?? 'localhost'}`;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error: { code, message }, meta: buildMeta(baseUrl) }));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (body === 'too_large') {
    writeFrontError(request, response, 413, 'payload_too_large', 'The request body is too large.');
    request.resume();
    return;
  }
  const method = (request.method ?? 'GET').toUpperCase();
  const path = new URL(request.url ?? '/', 'http://local').pathname;
  const match = matchRoute(method, path);
  const route = match && 'route' in match ? match : undefined;
  const modulePath = route ? route.route.handler : FALLBACK_HANDLER;
  const routeKey = route ? `${route.route.method} ${route.route.path}` : '$default';
  const event = toEvent(request, body, routeKey, route?.params ?? {});
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
      console.error('local front: handler crashed', error);
      if (!response.headersSent)
        writeFrontError(request, response, 500, 'internal_error', 'Unexpected error.');
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
