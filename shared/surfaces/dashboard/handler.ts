import {
  clearedSessionCookie,
  readCookie,
  sessionCookieName,
} from '#shared/domain/accounts/sessions';
import { AppError } from '#shared/domain/kernel/errors';
import { logger } from '#shared/domain/kernel/logger';
import { createRawHandler, type RouteInput } from '#shared/surfaces/api/http-handler';
import { errorPage } from '#shared/surfaces/dashboard/views/misc-pages';
import type { ApiEvent } from '#shared/surfaces/http/request';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { DASHBOARD_PATHS } from './paths.ts';
import { htmlPage, type PageResponse, redirect } from './responses.ts';

/**
 * A dashboard handler: the shared pipeline (the browser gate authenticates), the page the
 * operation renders, and errors as pages for people: no session means "sign in" (303), a stale
 * form or a foreign origin a page that says to reload, anything else a page with its message.
 */
export function createDashboardHandler<R extends RouteDefinition, D>(
  route: R,
  operation: (input: RouteInput<R>, deps: D) => Promise<PageResponse>,
  getDeps: () => D,
) {
  return createRawHandler(route, operation, getDeps, { renderError: dashboardErrorPage });
}

function hadSessionCookie(event: ApiEvent, secure: boolean): boolean {
  const cookies = event.cookies ?? (event.headers?.cookie ? [event.headers.cookie] : []);
  return readCookie(cookies, sessionCookieName(secure)) !== undefined;
}

export function dashboardErrorPage(error: unknown, event: ApiEvent): PageResponse {
  if (error instanceof AppError && error.code === 'unauthorized') {
    const secure = event.headers?.['x-forwarded-proto'] !== 'http';
    // A cookie that no longer names a live session is cleared on the way.
    return redirect(
      DASHBOARD_PATHS.signIn,
      hadSessionCookie(event, secure) ? { 'set-cookie': clearedSessionCookie(secure) } : {},
    );
  }
  if (error instanceof AppError) {
    const page = errorPage({ status: error.status, code: error.code, message: error.message });
    return htmlPage(page, error.status);
  }
  logger.error('dashboard page failed', { error: error as Error });
  return htmlPage(
    errorPage({
      status: 500,
      code: 'internal_error',
      message:
        'Something went wrong on our side. Please try again; if it persists, contact support.',
    }),
    500,
  );
}
