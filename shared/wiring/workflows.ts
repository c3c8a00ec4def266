/**
 * The starter port of this process: Step Functions on AWS (ARNs from the environment CDK sets),
 * or the in-process engine the local stack installs before it serves a request.
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { lazy } from '#shared/wiring/lazy';
import { getConfig } from '#shared/wiring/platform';
import { createSfnStarter } from '../adapters/sfn/workflow-starter.ts';
import type { WorkflowStarter } from '../domain/kernel/workflow-port.ts';
import {
  stateMachineArnEnv,
  WORKFLOWS,
  type WorkflowName,
} from '../surfaces/workflows/manifest.ts';

let installed: WorkflowStarter | undefined;

export function installWorkflowStarter(starter: WorkflowStarter | undefined): void {
  installed = starter;
}

const getSfnStarter = lazy((): WorkflowStarter => {
  const arns: Partial<Record<WorkflowName, string>> = {};
  for (const workflow of WORKFLOWS) {
    const arn = process.env[stateMachineArnEnv(workflow.name)];
    if (arn) arns[workflow.name] = arn;
  }
  return createSfnStarter(new SFNClient({ region: getConfig().AWS_REGION }), arns);
});

export function getWorkflowStarter(): WorkflowStarter {
  return installed ?? getSfnStarter();
}
