/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { BrowserGateDeps } from '#shared/surfaces/dashboard/session-gate';
import { lazy } from '#shared/wiring/lazy';
import { getMetrics } from '#shared/wiring/observability';
import { getConfig, getStore } from '#shared/wiring/platform';

/** The dashboard pipeline's own needs: the session lookup, and where links point. */
export interface DashboardGateDeps extends BrowserGateDeps {
  publicBaseUrl: string | undefined;
  /** Counts requests refused with `rate_limited` (docs/runbook.md). */
  metrics?: Metrics;
}

/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */
export const getSessionStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createSessionsRepository(doc, tableName);
});

export const getDashboardGateDeps = lazy(
  (): DashboardGateDeps => ({
    sessions: getSessionStore(),
    adminEmails: getConfig().ADMIN_EMAILS,
    publicBaseUrl: getConfig().PUBLIC_BASE_URL,
    metrics: getMetrics(),
  }),
);
