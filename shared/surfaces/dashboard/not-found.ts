/**
 * What the `$default` route answers for a `/dashboard/...` address no route takes: a page inside
 * the dashboard's layout, written for people, instead of the API's JSON envelope (issue 17 in
 * docs/decisions.md). Any other path keeps the API's answer.
 */
import type { ErrorCodeName } from '#shared/domain/kernel/errors';
import { errorPage, notFoundPage } from '#shared/surfaces/dashboard/views/misc-pages';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { htmlPage, type PageResponse } from './responses.ts';

const DASHBOARD_PREFIX = '/dashboard';

export function isDashboardPath(rawPath: string): boolean {
  return rawPath === DASHBOARD_PREFIX || rawPath.startsWith(`${DASHBOARD_PREFIX}/`);
}

/** The dashboard's page for a request no route takes: 404, or 405 on a known address. */
export function dashboardFallbackPage(error: { code: ErrorCodeName }): PageResponse {
  const status = httpStatusOf(error.code);
  if (status === 404) return htmlPage(notFoundPage(), 404);
  const page = errorPage({
    status,
    code: error.code,
    message:
      'This address exists, but not for this kind of request. Open it from a link or button of a page.',
  });
  return htmlPage(page, status);
}
