import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { authenticate, type Principal } from '#shared/auth/authenticate';
import type { KeyLookup } from '#shared/auth/ports';
import { AppError, BadRequestError, NotFoundError } from '#shared/errors';
import { logger } from '#shared/observability/logger';
import { mapError } from './error-mapper.ts';
import type { RouteDefinition } from './manifest.ts';
import { buildMeta } from './meta.ts';

/**
 * The shared request pipeline of every HTTP handler (DESIGN.md section 4), as one middy stack:
 * request id and base URL, error mapping into the envelope, `meta` on every response, body
 * parsing with a size cap, authentication and scope check, zod validation. A handler module only
 * names its route and calls one service function.
 */

export const MAX_BODY_BYTES = 64 * 1024;

export interface RequestInfo {
  id: string;
  /** Public base URL for links in responses (`meta.docs`, scan `url`). */
  baseUrl: string;
  /** Client address as API Gateway saw it (never a client-supplied X-Forwarded-For). */
  sourceIp: string;
}

export interface ApiRuntime {
  keys: KeyLookup;
  adminEmails: readonly string[];
  publicBaseUrl: string | undefined;
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

export type ParamsOf<R> = R extends { request: { params: infer P } } ? OutputOf<P> : undefined;
export type QueryOf<R> = R extends { request: { query: infer Q } } ? OutputOf<Q> : undefined;
export type BodyOf<R> = R extends { request: { body: infer B } } ? OutputOf<B> : undefined;
export type ResponseOf<R> = R extends { response: { schema: infer S } } ? InputOf<S> : never;

export interface ApiInput<R> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  principal: Principal;
  request: RequestInfo;
}

export type RawResponse = { body: string; status?: number; headers?: Record<string, string> };

type ApiEvent = APIGatewayProxyEventV2;
type ApiResult = APIGatewayProxyStructuredResultV2;
interface PipelineState {
  request: RequestInfo;
  principal: Principal;
  params: unknown;
  query: unknown;
  body: unknown;
}

const stateByEvent = new WeakMap<ApiEvent, PipelineState>();

export function requestInfoOf(event: ApiEvent, publicBaseUrl: string | undefined): RequestInfo {
  const headers = event.headers ?? {};
  const proto = headers['x-forwarded-proto'] ?? 'https';
  const host = event.requestContext?.domainName ?? headers.host ?? 'localhost';
  return {
    id: event.requestContext?.requestId || crypto.randomUUID(),
    baseUrl: publicBaseUrl ?? `${proto}://${host}`,
    sourceIp: event.requestContext?.http?.sourceIp ?? '0.0.0.0',
  };
}

function jsonResponse(
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
      'x-request-id': requestId,
      ...headers,
    },
    body: JSON.stringify(payload),
  };
}

/** Turns any error into the SPEC.md envelope; unexpected ones are logged and never leaked. */
export function errorResponse(error: unknown, request: RequestInfo): ApiResult {
  const mapped = mapError(error);
  if (mapped.unexpected) {
    logger.error('unhandled error', { requestId: request.id, error: error as Error });
  } else if (mapped.status >= 500) {
    logger.warn('request failed', {
      requestId: request.id,
      code: mapped.code,
      cause: (error as AppError).cause as Error,
    });
  }
  return jsonResponse(
    mapped.status,
    {
      error: {
        code: mapped.code,
        message: mapped.message,
        request_id: request.id,
        ...(mapped.details ? { details: mapped.details } : {}),
      },
      meta: buildMeta(request.baseUrl),
    },
    request.id,
    mapped.headers,
  );
}

function readBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new AppError(
      'payload_too_large',
      'payload_too_large',
      `The request body exceeds ${MAX_BODY_BYTES / 1024} KiB.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('invalid_json', 'The request body is not valid JSON.');
  }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

function validate(
  route: RouteDefinition,
  event: ApiEvent,
): Omit<PipelineState, 'request' | 'principal'> {
  const request = route.request ?? {};
  let params: unknown;
  if (request.params) {
    const parsed = request.params.safeParse(event.pathParameters ?? {});
    // A malformed id cannot name an existing resource: answer as for an unknown one.
    if (!parsed.success) throw new NotFoundError();
    params = parsed.data;
  }
  let query: unknown;
  if (request.query) {
    const parsed = request.query.safeParse(event.queryStringParameters ?? {});
    if (!parsed.success) {
      throw new BadRequestError(
        'invalid_request',
        `Invalid query: ${describeIssues(parsed.error.issues)}`,
      );
    }
    query = parsed.data;
  }
  let body: unknown;
  if (request.body) {
    const raw = readBody(event);
    const parsed = request.body.safeParse(raw);
    if (!parsed.success) {
      const code = request.invalidBodyCode ?? 'invalid_request';
      const detail =
        raw === undefined ? 'a JSON body is required' : describeIssues(parsed.error.issues);
      throw new BadRequestError(code, `Invalid request body: ${detail}.`, {
        details: { issues: parsed.error.issues.map(({ path, message }) => ({ path, message })) },
      });
    }
    body = parsed.data;
  }
  return { params, query, body };
}

function pipeline(route: RouteDefinition, runtime: () => ApiRuntime) {
  return middy<ApiEvent, ApiResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use({
      name: 'error-envelope',
      onError: (request) => {
        const info =
          stateByEvent.get(request.event)?.request ?? requestInfoOf(request.event, undefined);
        request.response = errorResponse(request.error, info);
      },
    })
    .use({
      name: 'authenticate-and-validate',
      before: async (request) => {
        const deps = runtime();
        const info = requestInfoOf(request.event, deps.publicBaseUrl);
        stateByEvent.set(request.event, {
          request: info,
          principal: { kind: 'anonymous' },
          params: undefined,
          query: undefined,
          body: undefined,
        });
        const principal = await authenticate(route, request.event.headers?.authorization, {
          keys: deps.keys,
          adminEmails: deps.adminEmails,
        });
        stateByEvent.set(request.event, {
          request: info,
          principal,
          ...validate(route, request.event),
        });
      },
    });
}

function stateOf(event: ApiEvent): PipelineState {
  const state = stateByEvent.get(event);
  if (!state) throw new Error('pipeline state missing: the middleware did not run');
  return state;
}

/** A JSON API route: the handler returns the body without `meta`; the pipeline adds it. */
export function createApiHandler<R extends RouteDefinition>(
  route: R,
  run: (input: ApiInput<R>) => Promise<ResponseOf<R>>,
  runtime: () => ApiRuntime,
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return pipeline(route, runtime).handler(async (event) => {
    const state = stateOf(event);
    const data = await run(state as unknown as ApiInput<R>);
    return jsonResponse(
      status,
      { ...(data as object), meta: buildMeta(state.request.baseUrl) },
      state.request.id,
    );
  });
}

/** A document or page served as it is (OpenAPI JSON, HTML pages). */
export function createRawHandler<R extends RouteDefinition>(
  route: R,
  run: (input: ApiInput<R>) => Promise<RawResponse>,
  runtime: () => ApiRuntime,
) {
  if (!('raw' in route.response)) throw new Error(`${route.operationId} is not a raw route`);
  const contentType = `${route.response.raw}; charset=utf-8`;
  const status = route.response.status;
  return pipeline(route, runtime).handler(async (event) => {
    const state = stateOf(event);
    const result = await run(state as unknown as ApiInput<R>);
    return {
      statusCode: result.status ?? status,
      headers: { 'content-type': contentType, 'x-request-id': state.request.id, ...result.headers },
      body: result.body,
    };
  });
}
