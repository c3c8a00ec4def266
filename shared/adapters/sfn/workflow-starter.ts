/**
 * Step Functions behind the starter port. Standard workflows keep an execution name for 90 days,
 * so `ExecutionAlreadyExists` means this job was started before: not an error, not a second run.
 */
import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { WorkflowName, WorkflowStarter } from '#shared/domain/kernel/workflow-port';

export function createSfnStarter(
  client: SFNClient,
  arns: Partial<Record<WorkflowName, string>>,
): WorkflowStarter {
  return {
    async start(workflow, executionName, input) {
      const stateMachineArn = arns[workflow];
      if (!stateMachineArn) throw new Error(`No state machine ARN configured for ${workflow}`);
      try {
        await client.send(
          new StartExecutionCommand({
            stateMachineArn,
            name: executionName,
            input: JSON.stringify(input),
          }),
        );
        return { started: true };
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) return { started: false };
        if ((error as { $fault?: string }).$fault === 'server') {
          throw new UnavailableError(
            'service_unavailable',
            'The workflow service is unavailable. Please retry shortly.',
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
