/**
 * What the dashboard's own pages need beyond the areas' compositions (each page's handler uses
 * its area's: a page bundles only the area it shows). The scan runner's is in
 * run-scan-composition.ts, so only that function bundles the scan engine.
 */
import { createDailyQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { HomeDeps } from '#shared/surfaces/dashboard/home';
import { getBatchConfig, getBatchStoreDeps } from '#shared/wiring/batch';
import { getSessionStore } from '#shared/wiring/dashboard-session-gate';
import { lazy } from '#shared/wiring/lazy';
import { getMonitorDeps } from '#shared/wiring/monitor';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getScanReadDeps } from '#shared/wiring/scans-read';
import { getWebhookStoreDeps } from '#shared/wiring/webhooks';

export const getHomeDeps = lazy((): HomeDeps => {
  const { doc, tableName } = getStore();
  return {
    sessions: getSessionStore(),
    users: createUsersRepository(doc, tableName),
    quota: createDailyQuotaRepository(doc, tableName),
    limits: getBatchConfig().limits,
    adminEmails: getConfig().ADMIN_EMAILS,
    clock: getClock(),
    areas: {
      scans: getScanReadDeps(),
      batches: getBatchStoreDeps(),
      webhooks: getWebhookStoreDeps(),
      monitor: getMonitorDeps(),
    },
  };
});
