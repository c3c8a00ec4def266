/**
 * The JSON API's handlers: the shared HTTP pipeline (`shared/surfaces/http/pipeline.ts`) with a
 * bearer key as the way in. A handler module binds one route to one operation:
 * `createApiHandler(route, operation, getAreaDeps)`. A cookie never authenticates an API route,
 * and no API function bundles the dashboard's session code: dashboard routes have their own
 * handler (`shared/surfaces/dashboard/handler.ts`).
 */
import { authenticate } from '#shared/domain/accounts/authenticate';
import {
  type ExportResult,
  exportingBody,
  type Gate,
  httpPipeline,
  jsonBody,
  principalOfEvent,
  type RawResponse,
  type ResponseOf,
  type RouteInput,
  rawBody,
  reportLimit,
} from '#shared/surfaces/http/pipeline';
import type { ApiEvent } from '#shared/surfaces/http/request';
import { countsRequestRate, type RouteDefinition } from '#shared/surfaces/http/route';
import { type ApiDeps, getApiDeps } from '#shared/wiring/api';
import { idempotencyMiddleware } from './idempotency.ts';
import { limitRequestRate } from './request-rate.ts';

export interface HandlerOptions {
  /** The pipeline's own dependencies (tests inject fakes); default: the process-wide ones. */
  api?: () => ApiDeps;
  /**
   * Pages answer people: a page route may turn an error (a malformed id included) into a page
   * of its own instead of the JSON envelope. Return undefined to keep the envelope.
   */
  renderError?: (error: unknown, event: ApiEvent) => RawResponse | undefined;
}

/** The bearer key of the `Authorization` header, checked against the route's auth and scope. */
function bearerKeyGate(route: RouteDefinition, options: HandlerOptions): Gate {
  if (route.auth === 'session') {
    throw new Error(`${route.operationId} needs a session: serve it with the dashboard handler`);
  }
  const apiDeps = options.api ?? getApiDeps;
  return {
    publicBaseUrl: () => apiDeps().publicBaseUrl,
    authenticate: async (target, event) => {
      const deps = apiDeps();
      const principal = await authenticate(target, event.headers?.authorization, {
        keys: deps.keys,
        adminEmails: deps.adminEmails,
      });
      // Before validation: a key's malformed requests count against its rate too, and use it.
      // Recording the use never throws (docs/api.md "API keys").
      await Promise.all([
        limitRequestRate(target, principal, (state) => reportLimit(event, state), deps.rate),
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
function apiPipeline(route: RouteDefinition, options: HandlerOptions) {
  const apiDeps = options.api ?? getApiDeps;
  return httpPipeline(route, bearerKeyGate(route, options)).use(
    idempotencyMiddleware(route, () => apiDeps().idempotency, principalOfEvent),
  );
}

/** A JSON API route: the operation returns the body without `meta`; the pipeline adds it. */
export function createApiHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R>>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, options).handler(jsonBody(route, operation, getDeps));
}

/**
 * A JSON route whose operation may answer with an export instead (`format=csv|jsonl`): the body
 * as it is, with its media type and a download file name.
 */
export function createExportingHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<ResponseOf<R> | ExportResult>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, options).handler(exportingBody(route, operation, getDeps));
}

/** A document or page served as it is (OpenAPI JSON, the public HTML pages). */
export function createRawHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<RawResponse>,
  getDeps: () => D,
  options: HandlerOptions = {},
) {
  return apiPipeline(route, options).handler(rawBody(route, operation, getDeps));
}

/** For routes whose operation needs nothing beyond its input. */
export const noDeps = (): undefined => undefined;
