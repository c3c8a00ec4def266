/**
 * The alerts area's dependencies (docs/alerts.md), each built once per process on first use: the
 * alert routes, the report links and their public page, the dispatcher's reaction to a finished
 * run (the Slack and mail channels of the delivery workflow's attempt step: alert-channels.ts).
 */
import { createEventsRepository } from '#shared/adapters/dynamodb/events-repository';
import { createReportLinksRepository } from '#shared/adapters/dynamodb/report-links-repository';
import type { AlertDispatchDeps } from '#shared/domain/alerts/dispatch';
import type { AlertLinks } from '#shared/domain/alerts/messages';
import type { AlertDeps } from '#shared/domain/alerts/operations';
import type { ReportDeps, ReportPageDeps } from '#shared/domain/reports/operations';
import type { AlertPagesDeps } from '#shared/surfaces/dashboard/alerts';
import { getAlertStore } from '#shared/wiring/alert-channels';
import { lazy, wiringSettings } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import {
  getCasesStore,
  getMonitorDeps,
  getMonitorUsers,
  getRunDataStore,
  getRunsStore,
} from '#shared/wiring/monitor';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { scannerBaseUrl } from '#shared/wiring/scanner-identity';
import { getScanReadDeps } from '#shared/wiring/scans-read';
import { getDeliveryLifecycleDeps, getWebhookStore, receiverLookup } from '#shared/wiring/webhooks';

export const getReportLinkStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createReportLinksRepository(doc, tableName);
});

/** The alert routes: the case access, the runs, the alert store and the deliveries' store. */
export const getAlertDeps = lazy(
  (): AlertDeps => ({
    cases: getCasesStore(),
    users: getMonitorUsers(),
    runs: getRunsStore(),
    answers: getRunDataStore(),
    alerts: getAlertStore(),
    deliveries: getWebhookStore().deliveries,
    allowPrivateTargets: getConfig().ALLOW_PRIVATE_TARGETS,
    lookup: receiverLookup(),
    clock: getClock(),
  }),
);

export const getReportDeps = lazy(
  (): ReportDeps => ({
    cases: getCasesStore(),
    users: getMonitorUsers(),
    runs: getRunsStore(),
    reports: getReportLinkStore(),
    clock: getClock(),
  }),
);

/** The public report page: the links, the run's data and the brand's scans (for the fixes). */
export const getReportPageDeps = lazy(
  (): ReportPageDeps => ({
    ...getReportDeps(),
    data: getRunDataStore(),
    scans: getScanReadDeps().scans,
  }),
);

/** Where the channels' links point: the dashboard at the service's public address. */
function alertLinks(): AlertLinks {
  const base = () => scannerBaseUrl(wiringSettings());
  return {
    caseUrl: (caseId) => `${base()}/dashboard/cases/${caseId}`,
    runUrl: (caseId, runId) => `${base()}/dashboard/cases/${caseId}/runs/${runId}`,
  };
}

/** The dispatcher's reaction to `run.completed`: the rules, the runs, the delivery workflow. */
export const getAlertDispatchDeps = lazy((): AlertDispatchDeps => {
  const { doc, tableName } = getStore();
  return {
    alerts: getAlertStore(),
    runs: getRunsStore(),
    answers: getRunDataStore(),
    delivery: getDeliveryLifecycleDeps(),
    log: createEventsRepository(doc, tableName),
    links: alertLinks(),
    logger: getLogger(),
    clock: getClock(),
  };
});

/** The dashboard's Alerts tab: the case operations with the alert and report-link ones. */
export const getAlertPagesDeps = lazy(
  (): AlertPagesDeps => ({ ...getMonitorDeps(), ...getAlertDeps(), ...getReportDeps() }),
);
