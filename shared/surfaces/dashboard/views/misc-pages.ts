/** The error pages: a refusal or a fault, and a dashboard address that names nothing. */

import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { dashboardLayout } from './layout.ts';

/**
 * A refusal or a fault. `anonymous` (no session came with the request): the way back is the home
 * page and signing in, and the page does not speak of a dashboard the visitor has not seen.
 */
export function errorPage(
  error: { status: number; code: string; message: string },
  anonymous = false,
): Html {
  if (error.status === 404) return notFoundPage(error.message);
  const title = error.status === 403 ? 'Refused' : 'Something went wrong';
  const back = anonymous
    ? html`<p><a href="/">Back to the home page</a> · <a href="${DASHBOARD_PATHS.signIn}">Sign in</a></p>`
    : html`<p><a href="${DASHBOARD_PATHS.home}">Back to the dashboard</a></p>`;
  return dashboardLayout({
    title,
    body: html`<h1>${title}</h1>
<div class="error" role="alert"><p><strong>${error.message}</strong></p><p class="muted">Code <code>${error.code}</code>, status ${error.status}.</p></div>
${back}`,
  });
}

/**
 * A dashboard address that names nothing (a mistyped link, or something since deleted or never
 * yours): where to go instead, without an API route or error code in sight.
 */
export function notFoundPage(detail?: string): Html {
  const links: [string, string][] = [
    [DASHBOARD_PATHS.home, 'Overview'],
    [DASHBOARD_PATHS.scans, 'Scans'],
    [DASHBOARD_PATHS.batches, 'Batches'],
    [DASHBOARD_PATHS.cases, 'Cases'],
    [DASHBOARD_PATHS.keys, 'API keys'],
    [DASHBOARD_PATHS.webhooks, 'Webhooks'],
  ];
  return dashboardLayout({
    title: 'Page not found',
    body: html`<h1>Page not found</h1>
<p class="lead">There is no page at this address. The link may be mistyped, or what it showed was deleted or belongs to another account.</p>
${detail ? html`<p class="muted">${detail}</p>` : ''}
<p>Try one of these instead:</p>
<ul>${links.map(([href, text]) => html`<li><a href="${href}">${text}</a></li>`)}</ul>`,
  });
}
