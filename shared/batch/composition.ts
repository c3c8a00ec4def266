import { z } from 'zod';
import { planLimitsFrom } from '#shared/plans';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createBatchRepository } from '#shared/store/batch-repository';
import { createDailyQuotaRepository } from '#shared/store/quota-repository';
import { createUsersRepository } from '#shared/store/users-repository';
import { getWorkflowStarter } from '#shared/workflows/composition';
import type { BatchDeps } from './operations.ts';

/** The batch area's own settings, read once. */
const BatchConfigSchema = z.object({
  /** JSON merged over the default plan limits (shared/plans.ts). */
  PLAN_LIMITS: z.string().optional(),
  /** Scans one job runs at once (the Map state's MaxConcurrency). */
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(40).default(5),
});

export const getBatchConfig = lazy(() => {
  const parsed = BatchConfigSchema.parse(process.env);
  return { limits: planLimitsFrom(parsed.PLAN_LIMITS), concurrency: parsed.BATCH_CONCURRENCY };
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

export const getBatchStoreDeps = lazy(() => ({ store: getBatchStore() }));
