/**
 * The route manifest: every operation of every area, joined from `shared/surfaces/api/routes/`
 * and the dashboard slice (`shared/surfaces/dashboard/routes.ts`). CDK, the local front, the
 * OpenAPI document, the docs page and the MCP tool server read this list; a handler imports only
 * its own area's routes. Adding a route is one entry in its area's routes
 * file, one operation and one handler module.
 */
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { compareSpecificity, matchPath, type RouteDefinition } from '#shared/surfaces/http/route';
import { ACCOUNT_ROUTES } from './routes/account.ts';
import { AGENT_ROUTES } from './routes/agents.ts';
import { ALERT_ROUTES } from './routes/alerts.ts';
import { BATCH_ROUTES } from './routes/batch.ts';
import { BILLING_ROUTES } from './routes/billing.ts';
import { DISCOVERY_ROUTES } from './routes/discovery.ts';
import { KEY_ROUTES } from './routes/keys.ts';
import { META_ROUTES } from './routes/meta.ts';
import { MONITOR_ROUTES } from './routes/monitor.ts';
import { SCAN_ROUTES } from './routes/scans.ts';
import { WEBHOOK_ROUTES } from './routes/webhooks.ts';

export { ERROR_CODES } from '#shared/domain/kernel/errors';
export {
  compareSpecificity,
  countsRequestRate,
  errorCodesOf,
  type HttpMethod,
  matchPath,
  type RawContentType,
  type RouteDefinition,
} from '#shared/surfaces/http/route';

const ROUTE_TABLE = {
  ...SCAN_ROUTES,
  ...BATCH_ROUTES,
  ...MONITOR_ROUTES,
  ...ALERT_ROUTES,
  ...WEBHOOK_ROUTES,
  ...AGENT_ROUTES,
  ...KEY_ROUTES,
  ...ACCOUNT_ROUTES,
  ...BILLING_ROUTES,
  ...META_ROUTES,
  ...DASHBOARD_ROUTES,
  ...DISCOVERY_ROUTES,
} as const;

export const ROUTES: readonly RouteDefinition[] = Object.values(ROUTE_TABLE);

export type RouteOperationId = keyof typeof ROUTE_TABLE;

/** Answers requests no route matches (API Gateway `$default`, the local front's fallback). */
export const FALLBACK_HANDLER = 'functions/http/fallback.ts';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** `HEAD` is answered by the `GET` route of the same path, without a body. */
function methodMatches(route: RouteDefinition, method: string): boolean {
  const upper = method.toUpperCase();
  return route.method === upper || (upper === 'HEAD' && route.method === 'GET');
}

/**
 * Picks the route for a request as API Gateway does: among the routes of this method whose
 * template matches, the most specific one. `methodMismatch` lists the methods the path has.
 */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodMismatch: string[] } | undefined {
  const candidates: RouteMatch[] = [];
  const allowed = new Set<string>();
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (methodMatches(route, method)) candidates.push({ route, params });
    else allowed.add(route.method);
  }
  candidates.sort((a, b) => compareSpecificity(a.route.path, b.route.path));
  const best = candidates[0];
  if (best) return best;
  if (allowed.has('GET')) allowed.add('HEAD');
  return allowed.size > 0 ? { methodMismatch: [...allowed] } : undefined;
}
