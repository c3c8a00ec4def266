/**
 * The account's export and erasure: their stores, the workflow starter (the routes start the
 * `account-job` workflow; the local stack resumes unfinished jobs), the clock and the logger.
 */
import { createAccountErasureRepository } from '#shared/adapters/dynamodb/account-erasure-repository';
import { createAccountExportRepository } from '#shared/adapters/dynamodb/account-export-repository';
import type { AccountJobDeps } from '#shared/domain/accounts/account-jobs';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getClock, getStore } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';

export const getAccountJobDeps = lazy((): AccountJobDeps => {
  const { doc, tableName } = getStore();
  return {
    exports: createAccountExportRepository(doc, tableName),
    erasure: createAccountErasureRepository(doc, tableName),
    workflows: getWorkflowStarter(),
    clock: getClock(),
    logger: getLogger(),
  };
});
