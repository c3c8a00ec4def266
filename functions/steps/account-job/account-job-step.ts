/**
 * Step Functions task `accountJobStep` of the account-job workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `AccountJobInputSchema` and
 * runs `accountJobStep` with the dependencies of `getAccountJobDeps`.
 */
import { AccountJobInputSchema, accountJobStep } from '#shared/domain/accounts/account-jobs';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'accountJobStep',
  AccountJobInputSchema,
  accountJobStep,
  getAccountJobDeps,
  getLogger,
);
