import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import { authenticate } from '#shared/domain/accounts/authenticate';
import type { Principal } from '#shared/domain/accounts/principal';
import { logger } from '#shared/domain/kernel/logger';
import type { OperationInput, RequestContext } from '#shared/domain/kernel/operation';
import { type BrowserGateDeps, passBrowserGate } from '#shared/surfaces/dashboard/session-gate';
import { getBrowserGateDeps } from '#shared/wiring/dashboard-session-gate';
import { type ApiDeps, getApiDeps } from '../../wiring/api.ts';
import { buildMeta } from '../http/meta.ts';
import {
  type ApiEvent,
  type ApiResult,
  errorResponse,
  jsonResponse,
  requestContextOf,
} from '../http/request.ts';
import type { ExportContentType, RouteDefinition } from '../http/route.ts';
import { validateRequest } from '../http/validate.ts';

export { errorResponse } from '../http/request.ts';
/**
 * The shared request pipeline of every HTTP handler (DESIGN.md section 4), as one middy stack:
 * the request id on every log line, error mapping into the envelope, `meta` on every response,
 * body parsing with a size cap, authentication and scope check, zod validation, `HEAD` answered
 * like `GET` without a body. A handler module binds one route to one operation:
 * `createApiHandler(route, operation, getAreaDeps)`.
 */
export { MAX_BODY_BYTES } from '../http/validate.ts';

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

export type ParamsOf<R> = R extends { request: { params: infer P } } ? OutputOf<P> : undefined;
export type QueryOf<R> = R extends { request: { query: infer Q } } ? OutputOf<Q> : undefined;
export type BodyOf<R> = R extends { request: { body: infer B } } ? OutputOf<B> : undefined;
export type ResponseOf<R> = R extends { response: { schema: infer S } } ? InputOf<S> : never;

/** The operation input a route's handler passes on. */
export type RouteInput<R> = OperationInput<ParamsOf<R>, QueryOf<R>, BodyOf<R>>;

export type RawResponse = { body: string; status?: number; headers?: Record<string, string> };

export interface HandlerOptions {
  /** The pipeline's own dependencies (tests inject fakes); default: the process-wide ones. */
  api?: () => ApiDeps;
  /**
   * Pages answer people: a page route may turn an error (a malformed id included) into a page
   * of its own instead of the JSON envelope. Return undefined to keep the envelope.
   */
  renderError?: (error: unknown, event: ApiEvent) => RawResponse | undefined;
  /** The dashboard's session lookup (tests inject fakes); default: the process-wide one. */
  sessions?: () => BrowserGateDeps;
}

interface PipelineState {
  request: RequestContext;
  input?: OperationInput<unknown, unknown, unknown>;
}

const stateByEvent = new WeakMap<ApiEvent, PipelineState>();
const startedAt = new WeakMap<ApiEvent, number>();

function withoutBodyForHead(event: ApiEvent, result: ApiResult): ApiResult {
  return event.requestContext?.http?.method === 'HEAD' ? { ...result, body: '' } : result;
}

/** One line per request, carrying the request id like every other line of the request. */
function logOutcome(event: ApiEvent, result: ApiResult, started: number): ApiResult {
  logger.debug('request handled', {
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: result.statusCode,
    duration_ms: Math.round(performance.now() - started),
  });
  return result;
}

function pipeline(route: RouteDefinition, options: HandlerOptions) {
  const apiDeps = options.api ?? getApiDeps;
  return middy<ApiEvent, ApiResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      name: 'error-envelope',
      onError: (request) => {
        const context =
          stateByEvent.get(request.event)?.request ?? requestContextOf(request.event, undefined);
        const page = options.renderError?.(request.error, request.event);
        const response = page
          ? rawResult(route, page, context.id)
          : errorResponse(request.error, context);
        request.response = logOutcome(
          request.event,
          withoutBodyForHead(request.event, response),
          startedAt.get(request.event) ?? performance.now(),
        );
      },
    })
    .use({
      name: 'authenticate-and-validate',
      before: async (request) => {
        startedAt.set(request.event, performance.now());
        const deps = apiDeps();
        const context = requestContextOf(request.event, deps.publicBaseUrl);
        logger.appendKeys({ request_id: context.id, operation: route.operationId });
        stateByEvent.set(request.event, { request: context });
        const { principal, event } = await authenticateRequest(route, request.event, {
          baseUrl: context.baseUrl,
          api: deps,
          sessions: options.sessions ?? getBrowserGateDeps,
        });
        const parts = validateRequest(route, event);
        stateByEvent.set(request.event, {
          request: context,
          input: { ...parts, principal, request: context },
        });
      },
    });
}

/**
 * API routes take a bearer key; dashboard routes (and any `session` route) go through the
 * browser gate instead: same-site check on unsafe methods, session cookie and CSRF token, and a
 * form body handed on as JSON for validation. A cookie never authenticates an API route.
 */
async function authenticateRequest(
  route: RouteDefinition,
  event: ApiEvent,
  deps: { baseUrl: string; api: ApiDeps; sessions: () => BrowserGateDeps },
): Promise<{ principal: Principal; event: ApiEvent }> {
  if (route.auth === 'session' || route.area === 'dashboard') {
    return passBrowserGate(route, event, deps.baseUrl, deps.sessions());
  }
  const principal = await authenticate(route, event.headers?.authorization, {
    keys: deps.api.keys,
    adminEmails: deps.api.adminEmails,
  });
  return { principal, event };
}

function inputOf(event: ApiEvent): {
  request: RequestContext;
  input: OperationInput<unknown, unknown, unknown>;
} {
  const state = stateByEvent.get(event);
  if (!state?.input) throw new Error('pipeline state missing: the middleware did not run');
  return { request: state.request, input: state.input };
}

function rawResult(route: RouteDefinition, page: RawResponse, requestId: string): ApiResult {
  const contentType = 'raw' in route.response ? route.response.raw : 'text/html';
  return {
    statusCode: page.status ?? route.response.status,
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'x-request-id': requestId,
      ...page.headers,
    },
    body: page.body,
  };
}

/** A JSON API route: the operation returns the body without `meta`; the pipeline adds it. */
export function createApiHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R>>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return pipeline(route, options).handler(async (event) => {
    const { request, input } = inputOf(event);
    const data = await operation(input as RouteInput<R>, getDeps());
    const result = jsonResponse(
      status,
      { ...(data as object), meta: buildMeta(request.baseUrl) },
      request.id,
    );
    return logOutcome(event, withoutBodyForHead(event, result), startedAt.get(event) ?? 0);
  });
}

/** What an exporting operation answers instead of its JSON body (`format=csv|jsonl`). */
export interface ExportResult {
  export: { contentType: ExportContentType; body: string; filename: string };
}

/**
 * A JSON route whose operation may answer with an export instead: the body as it is, with its
 * media type and a download file name; the JSON answer goes through the usual pipeline.
 */
export function createExportingHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R> | ExportResult>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return pipeline(route, options).handler(async (event) => {
    const { request, input } = inputOf(event);
    const data = await operation(input as RouteInput<R>, getDeps());
    const result: ApiResult =
      data !== null && typeof data === 'object' && 'export' in data
        ? {
            statusCode: status,
            headers: {
              'content-type': `${(data as ExportResult).export.contentType}; charset=utf-8`,
              'content-disposition': `attachment; filename="${(data as ExportResult).export.filename}"`,
              'x-request-id': request.id,
            },
            body: (data as ExportResult).export.body,
          }
        : jsonResponse(
            status,
            { ...(data as object), meta: buildMeta(request.baseUrl) },
            request.id,
          );
    return logOutcome(event, withoutBodyForHead(event, result), startedAt.get(event) ?? 0);
  });
}

/** A document or page served as it is (OpenAPI JSON, HTML pages, CSV). */
export function createRawHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<RawResponse>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  if (!('raw' in route.response)) throw new Error(`${route.operationId} is not a raw route`);
  return pipeline(route, options).handler(async (event) => {
    const { request, input } = inputOf(event);
    const page = await operation(input as RouteInput<R>, getDeps());
    return logOutcome(
      event,
      withoutBodyForHead(event, rawResult(route, page, request.id)),
      startedAt.get(event) ?? 0,
    );
  });
}

/** For routes whose operation needs nothing beyond its input. */
export const noDeps = (): undefined => undefined;
