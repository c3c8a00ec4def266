/**
 * The monitor area's dependencies, each built once per process on first use. The workflow
 * steps' own (providers, events) are in step-composition.ts, so the HTTP functions bundle
 * neither the provider adapters nor the queue client.
 */
import { createCasesRepository } from '#shared/adapters/dynamodb/cases-repository';
import { createRunAnswersRepository } from '#shared/adapters/dynamodb/run-answers-repository';
import { createRunsRepository } from '#shared/adapters/dynamodb/runs-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { MonitorConfig } from '#shared/domain/monitor/config';
import type { CaseProfile } from '#shared/domain/monitor/engine/index';
import type { FixesDeps } from '#shared/domain/monitor/fixes';
import type { MonitorDeps } from '#shared/domain/monitor/operations';
import { toCaseProfile } from '#shared/domain/monitor/profile';
import type { RunReadDeps } from '#shared/domain/monitor/run-reads';
import type { CasePagesDeps } from '#shared/surfaces/dashboard/case-runs';
import { getAgentLogStore } from '#shared/wiring/agent-log-store';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getScanReadDeps } from '#shared/wiring/scans-read';
import { getWorkflowStarter } from '#shared/wiring/workflows';

export function getMonitorConfig(): MonitorConfig {
  return getConfig().monitor;
}

export const getCasesStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createCasesRepository(doc, tableName);
});

export const getRunsStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createRunsRepository(doc, tableName);
});

export const getRunDataStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createRunAnswersRepository(doc, tableName);
});

export const getMonitorUsers = lazy(() => {
  const { doc, tableName } = getStore();
  return createUsersRepository(doc, tableName);
});

/** The HTTP operations (and the schedule): stores, users, the workflow starter. */
export const getMonitorDeps = lazy(
  (): MonitorDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    users: getMonitorUsers(),
    workflows: getWorkflowStarter(),
    leaseSeconds: getMonitorConfig().leaseSeconds,
    // The plan PrepareRun fixes a run with: the prompts shown are the prompts asked.
    promptPlan: {
      promptsPerBlock: getMonitorConfig().promptsPerBlock,
      repeats: getMonitorConfig().repeats,
    },
    logger: getLogger(),
    clock: getClock(),
    allowPrivateTargets: getConfig().ALLOW_PRIVATE_TARGETS,
  }),
);

/** Reading runs and answers, deleting answers: stores and users only. */
export const getRunReadDeps = lazy(
  (): RunReadDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    users: getMonitorUsers(),
    clock: getClock(),
  }),
);

/** `list_fixes`: the runs and the scans of the brand's site (the scans store, no engine). */
export const getFixesDeps = lazy(
  (): FixesDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    users: getMonitorUsers(),
    scans: getScanReadDeps().scans,
  }),
);

/**
 * The dashboard's case pages: the case operations and the run reads together, and the
 * agent-logs store for when the cited pages were last fetched.
 */
export const getCasePagesDeps = lazy(
  (): CasePagesDeps => ({
    ...getMonitorDeps(),
    data: getRunDataStore(),
    scans: getScanReadDeps().scans,
    agentFetches: { store: getAgentLogStore(), clock: getClock() },
  }),
);

/** Every case as the simulator needs it (the local stack's `caseSource`). */
export async function allCaseProfiles(): Promise<CaseProfile[]> {
  return (await getCasesStore().allCases()).map(toCaseProfile);
}
