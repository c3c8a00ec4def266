/**
 * The dashboard's handlers: the shared HTTP pipeline (`shared/surfaces/http/pipeline.ts`) behind
 * the session gate (`session-gate.ts`: same-site check, session cookie, CSRF token, form bodies),
 * composed here in the dashboard slice so that no JSON API function bundles session code. Errors
 * are pages for people: no session means "sign in" (303), a stale form or a foreign origin a page
 * that says to reload, anything else a page with its message. A handler module hands in the
 * route's dependencies and the gate's: `createDashboardHandler(route, page, getDeps, getGateDeps)`.
 */
import {
  clearedSessionCookie,
  readCookie,
  sessionCookieName,
} from '#shared/domain/accounts/sessions';
import { AppError } from '#shared/domain/kernel/errors';
import type { InvocationLogger, Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import { errorPage } from '#shared/surfaces/dashboard/views/misc-pages';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { type Gate, httpPipeline, type RouteInput, rawBody } from '#shared/surfaces/http/pipeline';
import type { ApiEvent } from '#shared/surfaces/http/request';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';
import { DASHBOARD_PATHS } from './paths.ts';
import { htmlPage, type PageResponse, redirect } from './responses.ts';
import { type BrowserGateDeps, passBrowserGate } from './session-gate.ts';

/** The dashboard pipeline's own needs: the session lookup, where links point, the logger. */
export interface DashboardGateDeps extends BrowserGateDeps {
  publicBaseUrl: string | undefined;
  logger: InvocationLogger;
  /** Counts requests refused with `rate_limited` (docs/runbook.md). */
  metrics?: Metrics;
}

/** The session gate as the pipeline's way in, and error pages instead of the JSON envelope. */
function sessionGate(deps: () => DashboardGateDeps): Gate {
  return {
    publicBaseUrl: () => deps().publicBaseUrl,
    logger: () => deps().logger,
    authenticate: (route, event, request) => passBrowserGate(route, event, request.baseUrl, deps()),
    renderError: dashboardErrorPage,
    metrics: () => deps().metrics,
  };
}

/** A dashboard route: the page (or redirect, or download) its operation renders. */
export function createDashboardHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<PageResponse>,
  getDeps: () => D,
  gateDeps: () => DashboardGateDeps,
) {
  if (route.area !== 'dashboard') throw new Error(`${route.operationId} is not a dashboard route`);
  return httpPipeline(route, sessionGate(gateDeps)).handler(rawBody(route, operation, getDeps));
}

/**
 * One function behind several routes of one method (their paths differ): the gateway's route key
 * (`GET /dashboard/cases/{id}`, or `HEAD ...`) picks the route's handler. Each function costs the
 * API stack six resources of its 500 (docs/decisions.md "API stack size").
 */
export function dispatchByPath(
  handlers: Record<string, (event: never, context: never) => unknown>,
): (event: { routeKey?: string }, context: unknown) => unknown {
  // A key no entry names is served by the first route, as it always was here.
  return dispatchByRouteKey(handlers, 'dashboard', Object.keys(handlers)[0]);
}

function hadSessionCookie(event: ApiEvent, secure: boolean): boolean {
  const cookies = event.cookies ?? (event.headers?.cookie ? [event.headers.cookie] : []);
  return readCookie(cookies, sessionCookieName(secure)) !== undefined;
}

export function dashboardErrorPage(error: unknown, event: ApiEvent, logger: Logger): PageResponse {
  if (error instanceof AppError && error.code === 'unauthorized') {
    const secure = event.headers?.['x-forwarded-proto'] !== 'http';
    // A cookie that no longer names a live session is cleared on the way. An invitation sends
    // the person back to it once signed in.
    const path = event.rawPath ?? '';
    const back = path.startsWith(`${DASHBOARD_PATHS.invitations}/`)
      ? `?next=${encodeURIComponent(path)}`
      : '';
    return redirect(
      `${DASHBOARD_PATHS.signIn}${back}`,
      hadSessionCookie(event, secure) ? { 'set-cookie': clearedSessionCookie(secure) } : {},
    );
  }
  const anonymous = !hadSessionCookie(event, event.headers?.['x-forwarded-proto'] !== 'http');
  if (error instanceof AppError) {
    const status = httpStatusOf(error.code);
    const page = errorPage({ status, code: error.code, message: error.message }, anonymous);
    return htmlPage(page, status);
  }
  logger.error('dashboard page failed', { error: error as Error });
  return htmlPage(
    errorPage(
      {
        status: 500,
        code: 'internal_error',
        message:
          'Something went wrong on our side. Please try again; if it persists, contact support.',
      },
      anonymous,
    ),
    500,
  );
}
