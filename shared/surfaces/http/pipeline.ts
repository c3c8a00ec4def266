/**
 * The request pipeline every HTTP surface shares, as one middy stack (docs/architecture.md):
 * the request id on every log line, error mapping into the envelope (or a page, for surfaces
 * that answer people), `meta` on every JSON response, body parsing with a size cap, zod
 * validation, `HEAD` answered like `GET` without a body. Who is asking is the one step a surface
 * plugs in (`Gate`): the JSON API reads a bearer key (`shared/surfaces/api/http-handler.ts`),
 * the dashboard a session cookie (`shared/surfaces/dashboard/handler.ts`), so neither bundles
 * the other's authentication.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import type { Principal, PrincipalFor } from '#shared/domain/accounts/principal';
import { AppError } from '#shared/domain/kernel/errors';
import type { InvocationLogger, Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import {
  ANSWER_STATUS,
  type OperationInput,
  type RawBody,
  type RequestContext,
  type WithStatus,
} from '#shared/domain/kernel/operation';
import type { LimitState } from '#shared/domain/kernel/rate-limit';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
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
export type BodyOf<R> = R extends { request: { rawBody: object } }
  ? RawBody
  : R extends { request: { body: infer B } }
    ? OutputOf<B>
    : undefined;
export type ResponseOf<R> = R extends { response: { schema: infer S } } ? InputOf<S> : never;
/** Who a route's operation hears from: a `required` route always a key, a `session` route a session. */
export type PrincipalOf<R> = R extends { auth: infer A extends RouteDefinition['auth'] }
  ? PrincipalFor<A>
  : Principal;

/** The operation input a route's handler passes on. */
export type RouteInput<R> = OperationInput<ParamsOf<R>, QueryOf<R>, BodyOf<R>, PrincipalOf<R>>;

export type RawResponse = {
  body: string;
  status?: number;
  headers?: Record<string, string>;
  /** The body is binary, as base64 (an icon). */
  isBase64Encoded?: boolean;
};

/**
 * What a surface plugs into the pipeline: where links point, the logger, who is asking (the
 * principal the route's auth mode promises, and the event handed on to validation, e.g. a form
 * body as JSON), and optionally a page instead of the JSON envelope for an error (undefined keeps
 * the envelope). Each is read per request, from the surface's dependencies.
 */
export interface Gate {
  publicBaseUrl(): string | undefined;
  logger(): InvocationLogger;
  authenticate(
    route: RouteDefinition,
    event: ApiEvent,
    request: RequestContext,
  ): Promise<{ principal: Principal; event: ApiEvent }>;
  renderError?: (error: unknown, event: ApiEvent, logger: Logger) => RawResponse | undefined;
  /** Where a request refused with 429 `rate_limited` is counted (`RateLimited`). */
  metrics?: () => Metrics | undefined;
}

/** What the pipeline learns about one request, kept with that request only. */
interface PipelineState {
  startedAt: number;
  logger: InvocationLogger;
  /** The quotas the request met; the response carries them as its RateLimit fields. */
  limits: LimitState[];
  request?: RequestContext;
  /** Set once the caller is known and the request valid. */
  input?: OperationInput<unknown, unknown, unknown>;
}

/**
 * The Lambda context of one request with the pipeline's state of it. Middy hands
 * `request.context` to every middleware and to the final handler (its middlewares add to the
 * context), so the state lives exactly as long as its request, and concurrent requests of one
 * process never share it.
 */
export type PipelineContext = Context & { readonly pipeline?: PipelineState };

/** The context of one request, carrying `state`; Lambda's own context object is left as it is. */
function withState(context: Context, state: PipelineState): PipelineContext {
  return Object.assign(Object.create(context) as Context, { pipeline: state });
}

function stateOf(context: PipelineContext): PipelineState {
  if (!context.pipeline) throw new Error('pipeline state missing: the middleware did not run');
  return context.pipeline;
}

/**
 * Records the state of a quota the request met; the response, success or error, carries it as
 * the `RateLimit-Policy` and `RateLimit` fields (docs/api.md "Rate limits").
 */
function reportLimit(state: PipelineState, limit: LimitState): void {
  state.limits.push(limit);
}

function withLimits(state: PipelineState, result: ApiResult): ApiResult {
  if (state.limits.length === 0) return result;
  return { ...result, headers: { ...result.headers, ...rateLimitHeaders(state.limits) } };
}

function withoutBodyForHead(event: ApiEvent, result: ApiResult): ApiResult {
  return event.requestContext?.http?.method === 'HEAD' ? { ...result, body: '' } : result;
}

/** One line per request, carrying the request id like every other line of the request. */
function logOutcome(event: ApiEvent, state: PipelineState, result: ApiResult): ApiResult {
  state.logger.debug('request handled', {
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: result.statusCode,
    duration_ms: Math.round(performance.now() - state.startedAt),
  });
  return withoutBodyForHead(event, withLimits(state, result));
}

/** Who the pipeline found is asking, once it has authenticated the request (idempotency keys). */
export function principalOf(context: PipelineContext): Principal | undefined {
  return context.pipeline?.input?.principal;
}

/** The pipeline's state of a request that failed, even one that failed before it had any. */
function failedState(request: PipelineRequest, gate: Gate): PipelineState {
  return (
    request.context.pipeline ?? { startedAt: performance.now(), logger: gate.logger(), limits: [] }
  );
}

type PipelineRequest = middy.Request<ApiEvent, ApiResult, Error, PipelineContext>;

/** Answers a failed request: the surface's page for it, or the JSON error envelope. */
function answerError(route: RouteDefinition, gate: Gate, request: PipelineRequest): void {
  countRateLimited(gate, request.error);
  const state = failedState(request, gate);
  const context = state.request ?? requestContextOf(request.event, undefined);
  const page = gate.renderError?.(request.error, request.event, state.logger);
  const response = page
    ? rawResult(route, page, context.id)
    : errorResponse(request.error, context, state.logger);
  request.response = logOutcome(request.event, state, response);
}

/** Gives the request its id and state, then lets the gate say who is asking, then validates. */
async function authenticateAndValidate(
  route: RouteDefinition,
  gate: Gate,
  request: PipelineRequest,
) {
  const state: PipelineState = { startedAt: performance.now(), logger: gate.logger(), limits: [] };
  request.context = withState(request.context, state);
  const context: RequestContext = {
    ...requestContextOf(request.event, gate.publicBaseUrl()),
    reportLimit: (limit) => reportLimit(state, limit),
  };
  state.request = context;
  state.logger.appendKeys({ request_id: context.id, operation: route.operationId });
  const { principal, event } = await gate.authenticate(route, request.event, context);
  const parts = validateRequest(route, event);
  state.input = { ...parts, principal, request: context };
}

/**
 * The shared stack for one route, without its final handler: a surface may add middlewares of
 * its own (`.use(...)`) before `.handler(jsonBody(...))` or `.handler(rawBody(...))`.
 */
export function httpPipeline(route: RouteDefinition, gate: Gate) {
  return middy<ApiEvent, ApiResult, Error, PipelineContext>({ timeoutEarlyInMillis: 0 })
    .use(invocationLogging<ApiEvent, ApiResult, PipelineContext>(() => gate.logger()))
    .use({ name: 'error-envelope', onError: (request) => answerError(route, gate, request) })
    .use({
      name: 'authenticate-and-validate',
      before: (request) => authenticateAndValidate(route, gate, request),
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

function inputOf(context: PipelineContext): {
  state: PipelineState;
  request: RequestContext;
  input: OperationInput<unknown, unknown, unknown>;
} {
  const state = stateOf(context);
  if (!state.request || !state.input) {
    throw new Error('pipeline state missing: the middleware did not run');
  }
  return { state, request: state.request, input: state.input };
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
    ...(page.isBase64Encoded ? { isBase64Encoded: true } : {}),
  };
}

/** The final handler of a JSON route: the operation returns the body without `meta`; this adds it. */
export function jsonBody<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<WithStatus<ResponseOf<R>>>,
  getDeps: () => D,
) {
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const status = route.response.status;
  return async (event: ApiEvent, context: PipelineContext): Promise<ApiResult> => {
    const { state, request, input } = inputOf(context);
    const data = await operation(input as RouteInput<R>, getDeps());
    // A documented other success status (a create that found its thing made: 200), else the route's.
    const answered = (data as { [ANSWER_STATUS]?: number })[ANSWER_STATUS] ?? status;
    const body = { ...(data as object), meta: buildMeta(request.baseUrl) };
    return logOutcome(event, state, jsonResponse(answered, body, request.id));
  };
}

/** The final handler of a document or page served as it is (OpenAPI JSON, HTML pages, CSV). */
export function rawBody<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<RawResponse>,
  getDeps: () => D,
) {
  if (!('raw' in route.response)) throw new Error(`${route.operationId} is not a raw route`);
  return async (event: ApiEvent, context: PipelineContext): Promise<ApiResult> => {
    const { state, request, input } = inputOf(context);
    const page = await operation(input as RouteInput<R>, getDeps());
    return logOutcome(event, state, rawResult(route, page, request.id));
  };
}

/** What an exporting operation answers instead of its JSON body (`format=csv|jsonl`). */
export interface ExportResult {
  export: { contentType: ExportContentType; body: string; filename: string };
}

/**
 * An export answer: `export` holding a body and its media type (a JSON answer may have a field
 * named `export` of its own: the account's export status).
 */
function isExport(data: unknown): data is ExportResult {
  if (data === null || typeof data !== 'object' || !('export' in data)) return false;
  const exported = (data as { export: unknown }).export;
  return (
    typeof exported === 'object' &&
    exported !== null &&
    typeof (exported as { body?: unknown }).body === 'string' &&
    typeof (exported as { contentType?: unknown }).contentType === 'string'
  );
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
  return async (event: ApiEvent, context: PipelineContext): Promise<ApiResult> => {
    const { state, request, input } = inputOf(context);
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
    return logOutcome(event, state, result);
  };
}
