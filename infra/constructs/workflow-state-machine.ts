/**
 * A workflow's Step Functions standard state machine, built from the same ASL file the local
 * engine runs: traced, logging every event (without inputs and outputs) to a log group of its
 * own with the stack's retention.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  LogLevel,
  StateMachine,
  StateMachineType,
} from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '#infra/constructs/api-function';
import { retainedLogGroup } from '#infra/constructs/log-group';
import { constructIdFor } from '#infra/routes';
import type { WorkflowDefinition } from '#shared/surfaces/workflows/manifest';

/** The state machine of `workflow`, its Task placeholders filled with `substitutions`. */
export function workflowStateMachine(
  scope: Construct,
  workflow: WorkflowDefinition,
  substitutions: Record<string, string>,
  logRetention: RetentionDays,
): StateMachine {
  const base = constructIdFor(workflow.name);
  const machine = new StateMachine(scope, `${base}StateMachine`, {
    stateMachineType: StateMachineType.STANDARD,
    comment: workflow.description,
    definitionBody: DefinitionBody.fromString(
      readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8'),
    ),
    definitionSubstitutions: substitutions,
    tracingEnabled: true,
    logs: {
      destination: retainedLogGroup(scope, `${base}ExecutionLogs`, logRetention),
      level: LogLevel.ALL,
      // Inputs and outputs carry domains and account ids: keep them out of the logs.
      includeExecutionData: false,
    },
  });
  Validations.of(machine).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'Step Functions needs logs:CreateLogDelivery/GetLogDelivery/... and X-Ray ' +
      'PutTraceSegments/PutTelemetryRecords on Resource "*" (these actions support no ' +
      'resource-level permissions); Lambda invocation is granted on exact function ARNs only.',
  });
  return machine;
}
