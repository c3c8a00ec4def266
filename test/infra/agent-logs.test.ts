import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import {
  actionsOf,
  type CfnResource,
  environmentOf,
  flattenedResources,
  functionOfRoute,
  logicalIdOfGetAtt,
  resourcesOfType,
  type Statement,
  statementsOfRole,
} from './cfn.ts';

/**
 * The agent analytics on AWS (issue 30): the `agent-logs` queue with its dead-letter queue and
 * consumer, the upload route that may send to that queue and nothing else, read routes that
 * cannot write, and the monthly refresh of the ranges.
 */
let built: BuiltApp;
let api: Record<string, CfnResource>;
let workflows: Record<string, CfnResource>;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], stage: 'test' } });
  built = buildApp(app);
  api = flattenedResources(built.api);
  workflows = Template.fromStack(built.workflows).toJSON().Resources as Record<string, CfnResource>;
});

const QUEUE = QUEUES.find((queue) => queue.name === 'agent-logs');

function routeStatements(routeKey: string): { fn: CfnResource; statements: Statement[] } {
  const { fn } = functionOfRoute(api, routeKey);
  return { fn, statements: statementsOfRole(api, logicalIdOfGetAtt(fn.Properties?.Role)) };
}

function queueIdFor(urlEnv: unknown): string {
  // The function's environment holds the queue's URL: a Ref to the queue (across stacks, an import).
  return JSON.stringify(urlEnv);
}

describe('the agent-logs queue', () => {
  it('has a dead-letter queue after five receives and a visibility of six consumer timeouts', () => {
    expect(QUEUE).toBeDefined();
    const queue = QUEUE as NonNullable<typeof QUEUE>;
    expect(queue.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * queue.timeoutSeconds);
    const queues = resourcesOfType(workflows, 'AWS::SQS::Queue').filter(
      ([id]) => id.startsWith('AgentLogsQueue') || id.startsWith('AgentLogsDeadLetterQueue'),
    );
    expect(queues).toHaveLength(2);
    const main = queues.find(([id]) => id.startsWith('AgentLogsQueue'))?.[1] as CfnResource;
    expect(main.Properties?.VisibilityTimeout).toBe(720);
    expect(main.Properties?.SqsManagedSseEnabled).toBe(true);
    expect(main.Properties?.RedrivePolicy).toMatchObject({ maxReceiveCount: 5 });
  });

  it('feeds one upload at a time to its consumer, which may read and write the table and start nothing', () => {
    const mappings = resourcesOfType(workflows, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) =>
        JSON.stringify(mapping.Properties?.EventSourceArn).includes('AgentLogsQueue'),
    );
    expect(mappings).toHaveLength(1);
    const mapping = (mappings[0] as [string, CfnResource])[1];
    expect(mapping.Properties?.BatchSize).toBe(1);
    expect(mapping.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const consumerId = Object.keys(workflows).find(
      (id) => id.startsWith('AgentLogsConsumer') && workflows[id]?.Type === 'AWS::Lambda::Function',
    ) as string;
    const consumer = workflows[consumerId] as CfnResource;
    expect(consumer.Properties?.Timeout).toBe(120);
    expect(consumer.Properties?.MemorySize).toBe(1024);
    expect(Object.keys(environmentOf(consumer))).toContain('TABLE_NAME');
    const granted = actionsOf(
      statementsOfRole(workflows, logicalIdOfGetAtt(consumer.Properties?.Role)),
    );
    expect(granted).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:BatchWriteItem']),
    );
    expect(granted.filter((action) => action.startsWith('states:'))).toEqual([]);
  });
});

describe('the agent routes', () => {
  it('lets the upload send to the agent-logs queue only, with its URL in AGENT_LOGS_QUEUE_URL', () => {
    const route = AGENT_ROUTES.upload_agent_log;
    const { fn, statements } = routeStatements(`${route.method} ${route.path}`);
    const env = environmentOf(fn);
    expect(Object.keys(env)).toContain('AGENT_LOGS_QUEUE_URL');
    expect(Object.keys(env)).not.toContain('EVENTS_QUEUE_URL');
    const sends = statements.filter((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    expect(sends).toHaveLength(1);
    expect(queueIdFor(sends[0]?.Resource)).toContain('AgentLogsQueue');
    expect(fn.Properties?.MemorySize).toBe(1769);
    expect(fn.Properties?.Timeout).toBe(29);
  });

  it('gives the read routes and the public registry no queue and no table write', () => {
    for (const route of [
      AGENT_ROUTES.get_agent_log,
      AGENT_ROUTES.get_domain_agents,
      AGENT_ROUTES.get_agent_registry,
    ]) {
      const { fn, statements } = routeStatements(`${route.method} ${route.path}`);
      const granted = actionsOf(statements);
      expect(granted, route.operationId).not.toContain('sqs:SendMessage');
      expect(granted, route.operationId).not.toContain('dynamodb:PutItem');
      expect(granted, route.operationId).not.toContain('dynamodb:BatchWriteItem');
      expect(Object.keys(environmentOf(fn))).not.toContain('AGENT_LOGS_QUEUE_URL');
    }
  });
});

describe('the monthly refresh of the ranges', () => {
  it('runs on the 2nd of each month at 03:00 UTC with a function that may write the table and start nothing', () => {
    const spec = SCHEDULES.find((schedule) => schedule.name === 'refresh-agent-ranges');
    expect(spec?.expression).toBe('cron(0 3 2 * ? *)');
    const schedules = resourcesOfType(workflows, 'AWS::Scheduler::Schedule').filter(
      ([, schedule]) => schedule.Properties?.ScheduleExpression === spec?.expression,
    );
    expect(schedules).toHaveLength(1);
    const schedule = (schedules[0] as [string, CfnResource])[1];
    expect(schedule.Properties?.ScheduleExpressionTimezone).toBe('UTC');
    const target = schedule.Properties?.Target as { Arn: unknown };
    const fn = workflows[logicalIdOfGetAtt(target.Arn)] as CfnResource;
    const statements = statementsOfRole(workflows, logicalIdOfGetAtt(fn.Properties?.Role));
    const granted = actionsOf(statements);
    expect(granted).toContain('dynamodb:PutItem');
    expect(granted.filter((action) => action.startsWith('states:'))).toEqual([]);
    // Its only queue is the dead-letter queue of the scheduled invocations (none to process logs).
    const sends = statements.filter((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    for (const send of sends) {
      expect(JSON.stringify(send.Resource)).toContain('ScheduledInvocations');
    }
  });
});
