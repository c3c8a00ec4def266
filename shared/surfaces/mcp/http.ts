/**
 * The tool server over stateless Streamable HTTP, both protocol eras (dual-era.ts), for API
 * Gateway events (both paths) and the function URL alike. A foreign `Origin` is refused first
 * (origin.ts). The key comes from `Authorization: Bearer` or, on `/api/mcp/{api_key}`,
 * from the path; the path form's key is never logged, echoed or passed on in a URL (requests
 * are rebuilt on the template path, and only the Authorization header carries the key further).
 * The function's entry hands in the API pipeline's dependencies (key lookup, logger), the route
 * invoker and the origin rule: `createMcpHandler(getApiDeps, getRouteInvoker, getMcpOriginPolicy)`.
 */
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { authenticate } from '#shared/domain/accounts/authenticate';
import { AppError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { ApiDeps } from '#shared/surfaces/api/http-handler';
import { errorResponse, requestContextOf } from '#shared/surfaces/http/request';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
import { serveBothEras } from './dual-era.ts';
import type { RouteInvoker } from './invoker.ts';
import { forbiddenOrigin, type OriginPolicy, originAllowed } from './origin.ts';
import { buildMcpServer } from './server.ts';

type Result = APIGatewayProxyStructuredResultV2;

const TEMPLATE_HEADER_PATH = '/api/mcp';
const TEMPLATE_KEY_PATH = '/api/mcp/{api_key}';

function methodNotAllowed(event: APIGatewayProxyEventV2, deps: ApiDeps): Result {
  const request = requestContextOf(event, deps.publicBaseUrl);
  return errorResponse(
    new AppError(
      'method_not_allowed',
      'The tool server speaks stateless Streamable HTTP: POST JSON-RPC messages; there is no event stream to GET.',
      { details: { allow: ['POST', 'DELETE'] } },
    ),
    request,
    deps.logger,
  );
}

function authorizationOf(event: APIGatewayProxyEventV2): string | undefined {
  const pathKey = event.pathParameters?.api_key;
  if (pathKey !== undefined) return `Bearer ${pathKey}`;
  return event.headers?.authorization;
}

function bodyOf(event: APIGatewayProxyEventV2): string | undefined {
  if (!event.body) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** The request as the MCP transport sees it: template path, no key anywhere in it. */
function webRequest(event: APIGatewayProxyEventV2, proto: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined && name !== 'authorization' && name !== 'host')
      headers.set(name, value);
  }
  const body = bodyOf(event);
  return new Request(`${proto}://${event.requestContext.domainName}${TEMPLATE_HEADER_PATH}`, {
    method: event.requestContext.http.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
}

async function serve(
  event: APIGatewayProxyEventV2,
  authorization: string,
  invoke: RouteInvoker,
  logger: Logger,
): Promise<Result> {
  const proto = event.headers?.['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const build = () =>
    buildMcpServer({
      authorization,
      domainName: event.requestContext.domainName,
      proto,
      sourceIp: event.requestContext.http.sourceIp,
      invoke,
    });
  const response = await serveBothEras(webRequest(event, proto), build, (error) =>
    logger.warn('tool server request failed', { error: error.message }),
  );
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
}

/** A POST: the caller's key checked (and marked used), then the JSON-RPC messages served. */
async function post(
  event: APIGatewayProxyEventV2,
  request: ReturnType<typeof requestContextOf>,
  deps: ApiDeps,
  invoke: RouteInvoker,
): Promise<Result> {
  try {
    const authorization = authorizationOf(event);
    const principal = await authenticate({ auth: 'required' }, authorization, deps);
    // A key used through an AI assistant is used (docs/api.md "API keys"); never throws.
    await deps.keyUse?.record(principal);
    return await serve(event, authorization as string, invoke, deps.logger);
  } catch (error) {
    const result = errorResponse(error, request, deps.logger);
    if (result.statusCode === 401) {
      result.headers = { ...result.headers, 'www-authenticate': 'Bearer realm="mcp"' };
    }
    return result;
  }
}

async function handleMcpEvent(
  event: APIGatewayProxyEventV2,
  deps: ApiDeps,
  invoke: RouteInvoker,
  originPolicy: OriginPolicy,
): Promise<Result> {
  const method = event.requestContext.http.method;
  const template =
    event.pathParameters?.api_key !== undefined ? TEMPLATE_KEY_PATH : TEMPLATE_HEADER_PATH;
  const request = requestContextOf(event, deps.publicBaseUrl);
  deps.logger.appendKeys({ request_id: request.id, operation: 'mcp' });
  const proto = event.headers?.['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const ownOrigin = `${proto}://${event.requestContext.domainName}`;
  let result: Result;
  // Before anything else, the key above all: a foreign page gets 403 (origin.ts).
  if (!originAllowed(event.headers?.origin, ownOrigin, originPolicy)) {
    result = forbiddenOrigin(request.id);
  } else if (method === 'GET') {
    result = methodNotAllowed(event, deps);
  } else if (method === 'DELETE') {
    // Stateless: there is no session to end.
    result = { statusCode: 204, headers: { 'x-request-id': request.id } };
  } else {
    result = await post(event, request, deps, invoke);
  }
  deps.logger.debug('request handled', { method, path: template, status: result.statusCode });
  return result;
}

/**
 * The tool server's Lambda handler, with the dependencies of the API pipeline, the invoker and
 * the web origins allowed to call it.
 */
export function createMcpHandler(
  apiDeps: () => ApiDeps,
  invoker: () => RouteInvoker,
  originPolicy: () => OriginPolicy,
) {
  return middy<APIGatewayProxyEventV2, Result, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(invocationLogging<APIGatewayProxyEventV2, Result>(() => apiDeps().logger))
    .handler((event) => handleMcpEvent(event, apiDeps(), invoker(), originPolicy()));
}
