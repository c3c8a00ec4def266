/**
 * The queue manifest: each SQS queue, its dead-letter queue and the handler module that consumes
 * it (an SQS event source on AWS, the local poller under `npm start`). CDK and the local stack
 * read this list, so both wire the same queues to the same handlers.
 */
export interface QueueDefinition {
  /** Logical name; the local queue name and the CDK construct id derive from it. */
  name: string;
  description: string;
  /** Handler module (SQS event, partial batch response), relative to the repository root. */
  handler: string;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
  batchSize: number;
  /** Environment variable that carries the queue URL to the functions sending to it. */
  urlEnv: string;
  /** Workflows the consumer starts (IAM grants, state machine ARNs in its environment). */
  starts?: readonly string[];
  timeoutSeconds: number;
  memorySize: number;
}

export const QUEUES = [
  {
    name: 'events',
    description: 'Domain events (scan.completed, run.completed, score.changed) for the dispatcher',
    handler: 'functions/workers/dispatch-events.ts',
    maxReceiveCount: 5,
    // AWS asks for at least six times the consumer's timeout, so a retried batch cannot overlap.
    visibilityTimeoutSeconds: 180,
    batchSize: 10,
    urlEnv: 'EVENTS_QUEUE_URL',
    starts: ['webhook-delivery'],
    timeoutSeconds: 30,
    memorySize: 256,
  },
] as const satisfies readonly QueueDefinition[];

export function deadLetterQueueName(name: string): string {
  return `${name}-dlq`;
}
