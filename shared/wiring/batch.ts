/**
 * The batch area's composition: its settings, the batch store, and the dependencies of the batch
 * routes and of the batch-scan workflow's steps.
 */
import { createBatchRepository } from '#shared/adapters/dynamodb/batch-repository';
import { createDailyQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { BatchDeps } from '#shared/domain/batch/operations';
import type { Config } from '#shared/wiring/config';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';

/** The batch area's settings: the plan limits (PLAN_LIMITS) and BATCH_CONCURRENCY. */
export function getBatchConfig(): Config['batch'] {
  return getConfig().batch;
}

export const getBatchStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createBatchRepository(doc, tableName);
});

export const getBatchDeps = lazy((): BatchDeps => {
  const { doc, tableName } = getStore();
  const { limits, concurrency } = getBatchConfig();
  return {
    store: getBatchStore(),
    quota: createDailyQuotaRepository(doc, tableName),
    users: createUsersRepository(doc, tableName),
    workflows: getWorkflowStarter(),
    limits,
    concurrency,
    allowPrivateTargets: getConfig().ALLOW_PRIVATE_TARGETS,
    logger: getLogger(),
    clock: getClock(),
  };
});

export const getBatchStoreDeps = lazy(() => ({
  store: getBatchStore(),
  chunkSize: getBatchConfig().chunkSize,
  logger: getLogger(),
  clock: getClock(),
  metrics: getMetrics(),
}));
