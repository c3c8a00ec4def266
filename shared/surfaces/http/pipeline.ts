/**
 * The request pipeline every HTTP surface shares, as one middy stack (docs/architecture.md):
 * the request id on every log line, error mapping into the envelope (or a page, for surfaces
 * that answer people), `meta` on every JSON response, body parsing with a size cap, zod
 * validation, `HEAD` answered like `GET` without a body. Who is asking is the one step a surface
 * plugs in (`Gate`): the JSON API reads a bearer key (`shared/surfaces/api/http-handler.ts`),
 * the dashboard a session cookie (`shared/surfaces/dashboard/handler.ts`), so neither bundles
 * the other's authentication.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import type { Principal, PrincipalFor } from '#shared/domain/accounts/principal';
import { AppError } from '#shared/domain/kernel/errors';
import { logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { OperationInput, RequestContext } from '#shared/domain/kernel/operation';
import type { LimitState } from '#shared/domain/kernel/rate-limit';
import { buildMeta } from './meta.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import {
  type ApiEvent,
  type ApiResult,
  errorResponse,
  jsonResponse,
  requestContextOf,
} from './request.ts';
import type { ExportContentType, RouteDefinition } from './route.ts';
import { validateRequest } from './validate.ts';

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

export type ParamsOf<R> = R extends { request: { params: infer P } } ? OutputOf<P> : undefined;
export type QueryOf<R> = R extends { request: { query: infer Q } } ? OutputOf<Q> : undefined;
export type BodyOf<R> = R extends { request: { body: infer B } } ? OutputOf<B> : undefined;
export type ResponseOf<R> = R extends { response: { schema: infer S } } ? InputOf<S> : never;
/** Who a route's operation hears from: a `required` route always a key, a `session` route a session. */
export type PrincipalOf<R> = R extends { auth: infer A extends RouteDefinition['auth'] }
  ? PrincipalFor<A>
  : Principal;

/** The operation input a route's handler passes on. */
export type RouteInput<R> = OperationInput<ParamsOf<R>, QueryOf<R>, BodyOf<R>, PrincipalOf<R>>;

export type RawResponse = { body: string; status?: number; headers?: Record<string, string> };

/**
 * What a surface plugs into the pipeline: where links point, who is asking (the principal the
 * route's auth mode promises, and the event handed on to validation, e.g. a form body as JSON),
 * and optionally a page instead of the JSON envelope for an error (undefined keeps the envelope).
 */
export interface Gate {
  publicBaseUrl(): string | undefined;
  authenticate(
    route: RouteDefinition,
    event: ApiEvent,
    baseUrl: string,
  ): Promise<{ principal: Principal; event: ApiEvent }>;
  renderError?: (error: unknown, event: ApiEvent) => RawResponse | undefined;
  /** Where a request refused with 429 `rate_limited` is counted (`RateLimited`). */
  metrics?: () => Metrics | undefined;
}

interface PipelineState {
  request: RequestContext;
  input?: OperationInput<unknown, unknown, unknown>;
}

const stateByEvent = new WeakMap<ApiEvent, PipelineState>();
const startedAt = new WeakMap<ApiEvent, number>();
const limitsByEvent = new WeakMap<ApiEvent, LimitState[]>();

/**
 * Records the state of a quota the request met; the response, success or error, carries it as
 * the `RateLimit-Policy` and `RateLimit` fields (docs/api.md "Rate limits").
 */
export function reportLimit(event: ApiEvent, state: LimitState): void {
  limitsByEvent.set(event, [...(limitsByEvent.get(event) ?? []), state]);
}

function withLimits(event: ApiEvent, result: ApiResult): ApiResult {
  const limits = limitsByEvent.get(event);
  if (!limits) return result;
  return { ...result, headers: { ...result.headers, ...rateLimitHeaders(limits) } };
}

function withoutBodyForHead(event: ApiEvent, result: ApiResult): ApiResult {
  return event.requestContext?.http?.method === 'HEAD' ? { ...result, body: '' } : result;
}

/** One line per request, carrying the request id like every other line of the request. */
function logOutcome(event: ApiEvent, result: ApiResult): ApiResult {
  const started = startedAt.get(event) ?? performance.now();
  logger.debug('request handled', {
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: result.statusCode,
    duration_ms: Math.round(performance.now() - started),
  });
  return withoutBodyForHead(event, withLimits(event, result));
}

/**
 * The shared stack for one route, without its final handler: a surface may add middlewares of
 * its own (`.use(...)`) before `.handler(jsonBody(...))` or `.handler(rawBody(...))`.
 */
/** Who the pipeline found is asking, once it has authenticated the request (idempotency keys). */
export function principalOfEvent(event: ApiEvent): Principal | undefined {
  return stateByEvent.get(event)?.input?.principal;
}

export function httpPipeline(route: RouteDefinition, gate: Gate) {
  return middy<ApiEvent, ApiResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      name: 'error-envelope',
      onError: (request) => {
        countRateLimited(gate, request.error);
        const context =
          stateByEvent.get(request.event)?.request ?? requestContextOf(request.event, undefined);
        const page = gate.renderError?.(request.error, request.event);
        const response = page
          ? rawResult(route, page, context.id)
          : errorResponse(request.error, context);
        request.response = logOutcome(request.event, response);
      },
    })
    .use({
      name: 'authenticate-and-validate',
      before: async (request) => {
        startedAt.set(request.event, performance.now());
        const context: RequestContext = {
          ...requestContextOf(request.event, gate.publicBaseUrl()),
          reportLimit: (state) => reportLimit(request.event, state),
        };
        logger.appendKeys({ request_id: context.id, operation: route.operationId });
        stateByEvent.set(request.event, { request: context });
        const { principal, event } = await gate.authenticate(route, request.event, context.baseUrl);
        const parts = validateRequest(route, event);
        stateByEvent.set(request.event, {
          request: context,
          input: { ...parts, principal, request: context },
        });
      },
    });
}

/** `RateLimited`: every 429 `rate_limited` the pipeline answers, whichever quota refused it. */
function countRateLimited(gate: Gate, error: unknown): void {
  if (!(error instanceof AppError) || error.code !== 'rate_limited') return;
  try {
    gate.metrics?.()?.count('RateLimited');
  } catch {
    // Counting must never cost the caller its answer.
  }
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

/** The final handler of a JSON route: the operation returns the body without `meta`; this adds it. */
export function jsonBody<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R>>,
  getDeps: () => D,
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return async (event: ApiEvent): Promise<ApiResult> => {
    const { request, input } = inputOf(event);
    const data = await operation(input as RouteInput<R>, getDeps());
    const body = { ...(data as object), meta: buildMeta(request.baseUrl) };
    return logOutcome(event, jsonResponse(status, body, request.id));
  };
}

/** The final handler of a document or page served as it is (OpenAPI JSON, HTML pages, CSV). */
export function rawBody<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<RawResponse>,
  getDeps: () => D,
) {
  if (!('raw' in route.response)) throw new Error(`${route.operationId} is not a raw route`);
  return async (event: ApiEvent): Promise<ApiResult> => {
    const { request, input } = inputOf(event);
    const page = await operation(input as RouteInput<R>, getDeps());
    return logOutcome(event, rawResult(route, page, request.id));
  };
}

/** What an exporting operation answers instead of its JSON body (`format=csv|jsonl`). */
export interface ExportResult {
  export: { contentType: ExportContentType; body: string; filename: string };
}

function isExport(data: unknown): data is ExportResult {
  return data !== null && typeof data === 'object' && 'export' in data;
}

/**
 * The final handler of a JSON route whose operation may answer with an export instead: the body
 * as it is, with its media type and a download file name; the JSON answer gets `meta` as usual.
 */
export function exportingBody<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R> | ExportResult>,
  getDeps: () => D,
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return async (event: ApiEvent): Promise<ApiResult> => {
    const { request, input } = inputOf(event);
    const data = await operation(input as RouteInput<R>, getDeps());
    const result: ApiResult = isExport(data)
      ? {
          statusCode: status,
          headers: {
            'content-type': `${data.export.contentType}; charset=utf-8`,
            'content-disposition': `attachment; filename="${data.export.filename}"`,
            'x-request-id': request.id,
          },
          body: data.export.body,
        }
      : jsonResponse(status, { ...(data as object), meta: buildMeta(request.baseUrl) }, request.id);
    return logOutcome(event, result);
  };
}
