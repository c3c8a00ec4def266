/**
 * The tool server over stateless Streamable HTTP, both protocol eras (dual-era.ts), for API
 * Gateway events (both paths) and the function URL alike. A foreign `Origin` is refused first
 * (origin.ts). The key comes from `Authorization: Bearer` or, on `/api/mcp/{api_key}`,
 * from the path; the path form's key is never logged, echoed or passed on in a URL (requests
 * are rebuilt on the template path, and only the Authorization header carries the key further).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { authenticate } from '#shared/domain/accounts/authenticate';
import { AppError } from '#shared/domain/kernel/errors';
import { logger } from '#shared/domain/kernel/logger';
import { errorResponse, requestContextOf } from '#shared/surfaces/http/request';
import { getApiDeps } from '#shared/wiring/api';
import { getMcpOriginPolicy, getRouteInvoker } from '#shared/wiring/mcp';
import { serveBothEras } from './dual-era.ts';
import { forbiddenOrigin, originAllowed } from './origin.ts';
import { buildMcpServer } from './server.ts';

type Result = APIGatewayProxyStructuredResultV2;

const TEMPLATE_HEADER_PATH = '/api/mcp';
const TEMPLATE_KEY_PATH = '/api/mcp/{api_key}';

function methodNotAllowed(event: APIGatewayProxyEventV2): Result {
  const request = requestContextOf(event, getApiDeps().publicBaseUrl);
  return errorResponse(
    new AppError(
      'method_not_allowed',
      'The tool server speaks stateless Streamable HTTP: POST JSON-RPC messages; there is no event stream to GET.',
      { details: { allow: ['POST', 'DELETE'] } },
    ),
    request,
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

async function serve(event: APIGatewayProxyEventV2, authorization: string): Promise<Result> {
  const proto = event.headers?.['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const build = () =>
    buildMcpServer({
      authorization,
      domainName: event.requestContext.domainName,
      proto,
      sourceIp: event.requestContext.http.sourceIp,
      invoke: getRouteInvoker(),
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

export async function handleMcpEvent(event: APIGatewayProxyEventV2): Promise<Result> {
  const method = event.requestContext.http.method;
  const template =
    event.pathParameters?.api_key !== undefined ? TEMPLATE_KEY_PATH : TEMPLATE_HEADER_PATH;
  const request = requestContextOf(event, getApiDeps().publicBaseUrl);
  logger.appendKeys({ request_id: request.id, operation: 'mcp' });
  const proto = event.headers?.['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const ownOrigin = `${proto}://${event.requestContext.domainName}`;
  let result: Result;
  // Before anything else, the key above all: a foreign page gets 403 (origin.ts).
  if (!originAllowed(event.headers?.origin, ownOrigin, getMcpOriginPolicy())) {
    result = forbiddenOrigin(request.id);
  } else if (method === 'GET') {
    result = methodNotAllowed(event);
  } else if (method === 'DELETE') {
    // Stateless: there is no session to end.
    result = { statusCode: 204, headers: { 'x-request-id': request.id } };
  } else {
    const deps = getApiDeps();
    try {
      const authorization = authorizationOf(event);
      const principal = await authenticate({ auth: 'required' }, authorization, deps);
      // A key used through an AI assistant is used (docs/api.md "API keys"); never throws.
      await deps.keyUse?.record(principal);
      result = await serve(event, authorization as string);
    } catch (error) {
      result = errorResponse(error, request);
      if (result.statusCode === 401) {
        result.headers = { ...result.headers, 'www-authenticate': 'Bearer realm="mcp"' };
      }
    }
  }
  logger.debug('request handled', { method, path: template, status: result.statusCode });
  return result;
}
