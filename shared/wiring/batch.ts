import { z } from 'zod';
import { createBatchRepository } from '#shared/adapters/dynamodb/batch-repository';
import { createDailyQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { BATCH_CHUNK_SIZE } from '#shared/domain/batch/workflow';
import { planLimitsFrom } from '#shared/domain/kernel/plans';
import { lazy } from '#shared/wiring/lazy';
import { getConfig, getStore } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';
import type { BatchDeps } from '../domain/batch/operations.ts';

/** The batch area's own settings, read once. */
const BatchConfigSchema = z.object({
  /** JSON merged over the default plan limits (shared/domain/kernel/plans.ts). */
  PLAN_LIMITS: z.string().optional(),
  /** Scans one job runs at once (the Map state's MaxConcurrency). */
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(40).default(5),
  /** Rows per child execution; smaller only in tests (shared/domain/batch/workflow.ts). */
  BATCH_CHUNK_SIZE: z.coerce.number().int().min(1).max(BATCH_CHUNK_SIZE).default(BATCH_CHUNK_SIZE),
});

export const getBatchConfig = lazy(() => {
  const parsed = BatchConfigSchema.parse(process.env);
  return {
    limits: planLimitsFrom(parsed.PLAN_LIMITS),
    concurrency: parsed.BATCH_CONCURRENCY,
    chunkSize: parsed.BATCH_CHUNK_SIZE,
  };
});

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
  };
});

export const getBatchStoreDeps = lazy(() => ({
  store: getBatchStore(),
  chunkSize: getBatchConfig().chunkSize,
}));
