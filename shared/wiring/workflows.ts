/**
 * The workflow starter of this process's wiring: the one its settings name (the local stack's
 * in-process engine), or Step Functions with the state machine ARNs of the configuration (set
 * by CDK on the functions that start workflows).
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { createSfnStarter } from '#shared/adapters/sfn/workflow-starter';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { lazy } from '#shared/wiring/lazy';
import { traced } from '#shared/wiring/observability';

export const getWorkflowStarter = lazy(
  ({ config, workflows }): WorkflowStarter =>
    workflows ??
    createSfnStarter(traced(new SFNClient({ region: config.AWS_REGION })), config.stateMachineArns),
);
