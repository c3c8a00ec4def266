/**
 * Step Functions task `accountJobFailed` of the account-job workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `AccountJobFailedInputSchema`
 * and runs `accountJobFailed` with the dependencies of `getAccountJobDeps`.
 */
import {
  AccountJobFailedInputSchema,
  accountJobFailed,
} from '#shared/domain/accounts/account-jobs';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'accountJobFailed',
  AccountJobFailedInputSchema,
  accountJobFailed,
  getAccountJobDeps,
  getLogger,
);
