/**
 * Step Functions task `accountJobStep` of the account-job workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `AccountJobInputSchema` and
 * runs `accountJobStep` with the dependencies of `getAccountJobStepDeps`.
 */
import { AccountJobInputSchema, accountJobStep } from '#shared/domain/accounts/account-jobs';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getAccountJobStepDeps } from '#shared/wiring/account-job-steps';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'accountJobStep',
  AccountJobInputSchema,
  accountJobStep,
  getAccountJobStepDeps,
  getLogger,
);
