/**
 * The JSON API's handlers: the shared HTTP pipeline (`shared/surfaces/http/pipeline.ts`) with a
 * bearer key as the way in. A handler module binds one route to one operation and hands in the
 * dependencies of both: `createApiHandler(route, operation, getAreaDeps, getApiDeps)`. A cookie
 * never authenticates an API route, and no API function bundles the dashboard's session code:
 * dashboard routes have their own handler (`shared/surfaces/dashboard/handler.ts`).
 */
import { authenticate } from '#shared/domain/accounts/authenticate';
import type { KeyUseRecorder } from '#shared/domain/accounts/key-usage';
import type { KeyLookup } from '#shared/domain/accounts/ports';
import type { IdempotencyStore } from '#shared/domain/kernel/idempotency';
import type { InvocationLogger, Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { LimitReporter } from '#shared/domain/kernel/rate-limit';
import {
  type ExportResult,
  exportingBody,
  type Gate,
  httpPipeline,
  jsonBody,
  principalOf,
  type RawResponse,
  type ResponseOf,
  type RouteInput,
  rawBody,
} from '#shared/surfaces/http/pipeline';
import type { ApiEvent } from '#shared/surfaces/http/request';
import { countsRequestRate, type RouteDefinition } from '#shared/surfaces/http/route';
import { idempotencyMiddleware } from './idempotency.ts';
import { limitRequestRate, type RequestRateDeps } from './request-rate.ts';

/**
 * What the API's pipeline itself needs, whatever the route: key verification, how to build
 * links, the logger, idempotency records, the per-key request counter and the keys' last use.
 */
export interface ApiDeps {
  keys: KeyLookup;
  adminEmails: readonly string[];
  publicBaseUrl: string | undefined;
  logger: InvocationLogger;
  /** Where Idempotency-Key answers are kept; unset, the header is ignored (unit tests). */
  idempotency?: IdempotencyStore;
  /** The per-key request counter (KEY_RATE_LIMIT_PER_MINUTE); unset, keys are not limited. */
  rate?: RequestRateDeps;
  /** Marks keys used (their "last used" time); unset, nothing is recorded (unit tests). */
  keyUse?: KeyUseRecorder;
  /** Counts requests refused with `rate_limited` (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export interface HandlerOptions {
  /**
   * Pages answer people: a page route may turn an error (a malformed id included) into a page
   * of its own instead of the JSON envelope. Return undefined to keep the envelope.
   */
  renderError?: (error: unknown, event: ApiEvent, logger: Logger) => RawResponse | undefined;
}

/** The bearer key of the `Authorization` header, checked against the route's auth and scope. */
function bearerKeyGate(
  route: RouteDefinition,
  apiDeps: () => ApiDeps,
  options: HandlerOptions,
): Gate {
  if (route.auth === 'session') {
    throw new Error(`${route.operationId} needs a session: serve it with the dashboard handler`);
  }
  return {
    publicBaseUrl: () => apiDeps().publicBaseUrl,
    logger: () => apiDeps().logger,
    authenticate: async (target, event, request) => {
      const deps = apiDeps();
      const principal = await authenticate(target, event.headers?.authorization, {
        keys: deps.keys,
        adminEmails: deps.adminEmails,
      });
      // Before validation: a key's malformed requests count against its rate too, and use it.
      // Recording the use never throws (docs/api.md "API keys").
      const report: LimitReporter = (limit) => request.reportLimit?.(limit);
      await Promise.all([
        limitRequestRate(target, principal, report, deps.rate, deps.logger),
        countsRequestRate(target) ? deps.keyUse?.record(principal) : undefined,
      ]);
      return { principal, event };
    },
    renderError: options.renderError,
    metrics: () => apiDeps().metrics,
  };
}

/**
 * The API's stack for one route: the shared pipeline behind a bearer key, then the
 * Idempotency-Key replay of creates (docs/api.md).
 */
function apiPipeline(route: RouteDefinition, apiDeps: () => ApiDeps, options: HandlerOptions) {
  return httpPipeline(route, bearerKeyGate(route, apiDeps, options)).use(
    idempotencyMiddleware(route, () => apiDeps().idempotency, principalOf),
  );
}

/** A JSON API route: the operation returns the body without `meta`; the pipeline adds it. */
export function createApiHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R>>,
  getDeps: () => D,
  apiDeps: () => ApiDeps,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, apiDeps, options).handler(jsonBody(route, operation, getDeps));
}

/**
 * A JSON route whose operation may answer with an export instead (`format=csv|jsonl`): the body
 * as it is, with its media type and a download file name.
 */
export function createExportingHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R> | ExportResult>,
  getDeps: () => D,
  apiDeps: () => ApiDeps,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, apiDeps, options).handler(exportingBody(route, operation, getDeps));
}

/** A document or page served as it is (OpenAPI JSON, the public HTML pages). */
export function createRawHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<RawResponse>,
  getDeps: () => D,
  apiDeps: () => ApiDeps,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, apiDeps, options).handler(rawBody(route, operation, getDeps));
}

/** For routes whose operation needs nothing beyond its input. */
export const noDeps = (): undefined => undefined;
