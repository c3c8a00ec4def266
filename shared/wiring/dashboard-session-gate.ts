/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import { lazy } from '#shared/wiring/lazy';
import { getConfig, getStore } from '#shared/wiring/platform';
import type { BrowserGateDeps } from '../surfaces/dashboard/session-gate.ts';

export const getSessionStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createSessionsRepository(doc, tableName);
});

export const getBrowserGateDeps = lazy(
  (): BrowserGateDeps => ({ sessions: getSessionStore(), adminEmails: getConfig().ADMIN_EMAILS }),
);
