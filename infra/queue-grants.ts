/**
 * What a route that sends work to a queue of the queue manifest gets (its `enqueues`): the
 * queue's URL in the variable the manifest names, and `sqs:SendMessage` on exactly that queue.
 * An unknown queue name fails the synth.
 */
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { grantSendMessage } from './grants.ts';
import { constructIdFor, type HttpFunctionSpec } from './routes.ts';

function enqueued(spec: HttpFunctionSpec, queues: ReadonlyMap<string, Queue>) {
  return spec.enqueues.map((name) => {
    const definition = QUEUES.find((entry) => entry.name === name);
    const queue = queues.get(name);
    if (!definition || !queue)
      throw new Error(`${spec.operationId} sends to unknown queue ${name}`);
    return { definition, queue };
  });
}

export function queueEnvironment(
  spec: HttpFunctionSpec,
  queues: ReadonlyMap<string, Queue>,
): Record<string, string> {
  return Object.fromEntries(
    enqueued(spec, queues).map(({ definition, queue }) => [definition.urlEnv, queue.queueUrl]),
  );
}

export function grantQueues(
  role: IRole,
  spec: HttpFunctionSpec,
  queues: ReadonlyMap<string, Queue>,
): void {
  for (const { definition, queue } of enqueued(spec, queues)) {
    grantSendMessage(role, queue, `Enqueue${constructIdFor(definition.name)}`);
  }
}
