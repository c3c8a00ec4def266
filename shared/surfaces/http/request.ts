/**
 * The request side of the HTTP pipeline: the API Gateway event types and the request context
 * (base URL, client address, request id) every operation receives.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { redactApiKeys } from '#shared/domain/accounts/api-keys';
import type { Logger } from '#shared/domain/kernel/logger';
import type { RequestContext } from '#shared/domain/kernel/operation';
import { mapError } from './error-mapper.ts';
import { linksFor } from './links.ts';
import { buildMeta } from './meta.ts';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/**
 * The request context of an API Gateway event. The base URL comes from PUBLIC_BASE_URL, else
 * from `requestContext.domainName`: API Gateway sets it to the domain the request arrived on
 * (the local front to its own name unless the Host is allow-listed), never to a client's
 * arbitrary Host header, so links in cacheable responses cannot be poisoned.
 */
export function requestContextOf(
  event: ApiEvent,
  publicBaseUrl: string | undefined,
): RequestContext {
  const headers = event.headers ?? {};
  const proto = headers['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const host = event.requestContext?.domainName || 'localhost';
  const baseUrl = publicBaseUrl ?? `${proto}://${host}`;
  return {
    id: event.requestContext?.requestId || crypto.randomUUID(),
    baseUrl,
    sourceIp: event.requestContext?.http?.sourceIp ?? '0.0.0.0',
    links: linksFor(baseUrl),
    ...(headers.accept === undefined ? {} : { accept: headers.accept }),
    ...(headers['user-agent'] === undefined ? {} : { userAgent: headers['user-agent'] }),
    ...cookiesOf(event),
  };
}

/** API Gateway v2 hands cookies apart (`cookies`); a plain Cookie header is read the same. */
function cookiesOf(event: ApiEvent): { cookies?: readonly string[] } {
  if (event.cookies && event.cookies.length > 0) return { cookies: event.cookies };
  const header = event.headers?.cookie;
  return header ? { cookies: [header] } : {};
}

export function jsonResponse(
  status: number,
  payload: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): ApiResult {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      // The body is JSON and nothing else: no browser may guess it is a page (issue 36 point 4).
      'x-content-type-options': 'nosniff',
      'x-request-id': requestId,
      ...headers,
    },
    body: JSON.stringify(payload),
  };
}

/** The error body of docs/api.md "Errors and the envelope": `{error: {code, message, request_id}, meta}`. */
function errorBody(
  error: unknown,
  request: Pick<RequestContext, 'id' | 'baseUrl'>,
  logger: Logger,
) {
  const mapped = mapError(error);
  if (mapped.unexpected) {
    logger.error('unhandled error', { request_id: request.id, error: error as Error });
  } else if (mapped.status >= 500) {
    logger.warn('request failed', {
      request_id: request.id,
      code: mapped.code,
      cause: (error as Error).cause as Error,
    });
  }
  return {
    mapped,
    body: {
      error: {
        code: mapped.code,
        // Belt and braces: whatever a message quotes, a key never goes back (issue 18).
        message: redactApiKeys(mapped.message),
        request_id: request.id,
        ...(mapped.details ? { details: mapped.details } : {}),
      },
      meta: buildMeta(request.baseUrl),
    },
  };
}

/** Turns any error into the envelope of docs/api.md; unexpected ones are logged and never leaked. */
export function errorResponse(
  error: unknown,
  request: Pick<RequestContext, 'id' | 'baseUrl'>,
  logger: Logger,
): ApiResult {
  const { mapped, body } = errorBody(error, request, logger);
  return jsonResponse(mapped.status, body, request.id, mapped.headers);
}
