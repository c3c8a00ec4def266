import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createSessionsRepository } from '#shared/store/sessions-repository';
import type { BrowserGateDeps } from './browser-gate.ts';

/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */
export const getSessionStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createSessionsRepository(doc, tableName);
});

export const getBrowserGateDeps = lazy(
  (): BrowserGateDeps => ({ sessions: getSessionStore(), adminEmails: getConfig().ADMIN_EMAILS }),
);
