import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import { ALARM_KINDS, type AlarmKind } from '#infra/monitoring/thresholds';
import { alarmMetricCount } from '#scripts/cost/stage';
import { METRICS_NAMESPACE, SERVICE_NAME } from '#shared/domain/kernel/metrics';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { WORKFLOWS } from '#shared/surfaces/workflows/manifest';
import {
  type CfnResource,
  environmentOf,
  flattenedResources,
  logicalIdOfGetAtt,
  logicalIdOfRef,
  type Resources,
} from './cfn.ts';

/**
 * Operability of the synthesised app (docs/runbook.md): every function and state machine
 * traces, every function carries the metrics' service and stage, every log group has a
 * retention, and the monitoring stack has the alarms of the runbook on one SNS topic and the
 * stage's dashboard. Bundling is skipped: handler sources do not matter here.
 */
const STAGE = 'ops';
const BUDGET = 1_234_567;
let built: BuiltApp;
let all: Resources;
let monitoring: Resources;

function synthesise(context: Record<string, unknown>): BuiltApp {
  return buildApp(
    new App({ context: { 'aws:cdk:bundling-stacks': [], stage: STAGE, ...context } }),
  );
}

beforeAll(() => {
  built = synthesise({ alarmEmail: 'oncall@example.com', judgeTokenBudget: String(BUDGET) });
  const stacks = [built.data, built.workflows, built.api, built.monitoring];
  // The API's functions are in its nested stacks (one per area): read each tree as one template.
  all = Object.assign({}, ...stacks.map((stack) => flattenedResources(stack)));
  monitoring = flattenedResources(built.monitoring);
});

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);

interface AlarmProps {
  AlarmName: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Threshold: number;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
  Period?: number;
}

const alarms = () =>
  ofType(monitoring, 'AWS::CloudWatch::Alarm').map(
    ([, alarm]) => alarm.Properties as unknown as AlarmProps,
  );

function alarmsOf(kind: AlarmKind): AlarmProps[] {
  const prefix = `AgentReadiness-${STAGE}-${kind}`;
  return alarms().filter(
    (alarm) => alarm.AlarmName === prefix || alarm.AlarmName.startsWith(`${prefix}-`),
  );
}

describe('traces', () => {
  it('traces every function of every stack actively', () => {
    const functions = ofType(all, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(80);
    for (const [id, fn] of functions) {
      expect(fn.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });

  it('traces every state machine', () => {
    const machines = ofType(all, 'AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(WORKFLOWS.length);
    for (const [id, machine] of machines) {
      expect(machine.Properties?.TracingConfiguration, id).toEqual({ Enabled: true });
    }
  });
});

describe('metrics and logs', () => {
  it('gives every function the metrics namespace, the service and the stage', () => {
    for (const [id, fn] of ofType(all, 'AWS::Lambda::Function')) {
      expect(environmentOf(fn), id).toMatchObject({
        STAGE,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      });
    }
  });

  it('keeps every log group for a limited time', () => {
    const groups = ofType(all, 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(0);
    for (const [id, group] of groups) {
      expect(group.Properties?.RetentionInDays, id).toBeGreaterThan(0);
    }
  });
});

describe('failed messages and invocations', () => {
  it('gives every queue a function consumes a redrive policy, and reports its failed messages', () => {
    const queues = ofType(all, 'AWS::SQS::Queue');
    const consumed = ofType(all, 'AWS::Lambda::EventSourceMapping');
    expect(consumed).toHaveLength(QUEUES.length);
    for (const [, mapping] of consumed) {
      expect(mapping.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      const source = logicalIdOfGetAtt(mapping.Properties?.EventSourceArn);
      const queue = queues.find(([id]) => id === source)?.[1];
      expect(queue?.Properties?.RedrivePolicy).toMatchObject({ maxReceiveCount: 5 });
    }
  });
});

describe('alarms, all to one SNS topic', () => {
  let topicId: string;
  beforeAll(() => {
    const topics = ofType(monitoring, 'AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    topicId = (topics[0] as [string, CfnResource])[0];
  });

  it('notifies the one topic of every alarm, when it fires and when it recovers', () => {
    expect(alarms().length).toBeGreaterThan(100);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions.map(logicalIdOfRef), alarm.AlarmName).toEqual([topicId]);
      expect(alarm.OKActions.map(logicalIdOfRef), alarm.AlarmName).toEqual([topicId]);
    }
  });

  it('subscribes the alarmEmail address, and nobody without it', () => {
    expect(ofType(monitoring, 'AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'oncall@example.com' }),
    ]);
    const quiet = synthesise({});
    expect(ofType(flattenedResources(quiet.monitoring), 'AWS::SNS::Subscription')).toEqual([]);
  });

  it('watches the API: the share of 5xx answers and the p99 latency', () => {
    const [rate] = alarmsOf('ApiServerErrorRate');
    const expressions = rate?.Metrics?.map((query) => query.Expression).filter(Boolean);
    expect(expressions).toEqual(['IF(requests >= 20, 100 * errors / requests, 0)']);
    const names = rate?.Metrics?.map((query) => query.MetricStat?.Metric.MetricName);
    expect(names).toEqual(expect.arrayContaining(['Count', '5xx']));
    expect(alarmsOf('ApiLatencyP99')).toEqual([
      expect.objectContaining({ MetricName: 'Latency', Namespace: 'AWS/ApiGateway' }),
    ]);
  });

  it('watches the errors and the throttles of every function', () => {
    const functionIds = ofType(all, 'AWS::Lambda::Function').map(([id]) => id);
    for (const [kind, metric] of [
      ['LambdaErrors', 'Errors'],
      ['LambdaThrottles', 'Throttles'],
    ] as const) {
      const watched = alarmsOf(kind).map((alarm) => {
        expect(alarm.MetricName).toBe(metric);
        const dimension = alarm.Dimensions?.find((d) => d.Name === 'FunctionName');
        // The function's name, imported from the stack that owns it.
        return JSON.stringify(dimension?.Value);
      });
      expect(new Set(watched).size).toBe(functionIds.length);
    }
  });

  it('watches failed and timed-out executions of each state machine', () => {
    expect(alarmsOf('ExecutionsFailed')).toHaveLength(WORKFLOWS.length);
    expect(alarmsOf('ExecutionsTimedOut')).toHaveLength(WORKFLOWS.length);
    for (const alarm of [...alarmsOf('ExecutionsFailed'), ...alarmsOf('ExecutionsTimedOut')]) {
      expect(alarm.Namespace).toBe('AWS/States');
      expect(alarm.Threshold).toBe(1);
    }
  });

  it('fires on any message in any dead-letter queue', () => {
    const deadLetterQueues = ofType(all, 'AWS::SQS::Queue').filter(
      ([, queue]) => queue.Properties?.RedrivePolicy === undefined,
    );
    const watched = alarmsOf('DeadLetters');
    expect(watched).toHaveLength(deadLetterQueues.length);
    for (const alarm of watched) {
      expect(alarm).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 0,
      });
    }
  });

  it('watches the business metrics: endpoints switched off, provider failures by family, judge tokens', () => {
    const business = (alarm: AlarmProps) => {
      expect(alarm.Namespace).toBe(METRICS_NAMESPACE);
      return Object.fromEntries((alarm.Dimensions ?? []).map((d) => [d.Name, d.Value]));
    };
    const [disabled] = alarmsOf('WebhookEndpointDisabled');
    expect(disabled?.MetricName).toBe('WebhookEndpointDisabled');
    expect(business(disabled as AlarmProps)).toEqual({ service: SERVICE_NAME, stage: STAGE });
    const providers = alarmsOf('ProviderCallFailed');
    expect(providers.map((alarm) => business(alarm).family).sort()).toEqual(
      [...PROVIDER_FAMILIES].sort(),
    );
    const [judge] = alarmsOf('JudgeTokensOverBudget');
    expect(judge).toMatchObject({ MetricName: 'JudgeTokens', Threshold: BUDGET, Period: 86_400 });
  });

  it('evaluates as many metrics as the cost estimate prices (npm run cost)', () => {
    const evaluated = alarms().reduce(
      (total, alarm) =>
        total +
        (alarm.MetricName ? 1 : (alarm.Metrics ?? []).filter((query) => query.MetricStat).length),
      0,
    );
    expect(evaluated).toBe(alarmMetricCount());
  });

  it('names no alarm outside the kinds of the runbook', () => {
    const kinds = Object.keys(ALARM_KINDS);
    for (const alarm of alarms()) {
      const kind = alarm.AlarmName.slice(`AgentReadiness-${STAGE}-`.length).split('-')[0];
      expect(kinds, alarm.AlarmName).toContain(kind);
    }
  });
});

describe('the dashboard', () => {
  it('is one per stage, with the golden signals, workflows, queues and business metrics', () => {
    const dashboards = ofType(monitoring, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, dashboard] = dashboards[0] as [string, CfnResource];
    expect(dashboard.Properties?.DashboardName).toBe(`AgentReadiness-${STAGE}`);
    const body = JSON.stringify(Stack.of(built.monitoring).resolve(dashboard.Properties));
    for (const needle of [
      'API requests',
      'API latency',
      'Lambda errors',
      'Executions started',
      'Queue depth',
      'Dead-letter queue depth',
      'ScanCompleted',
      'RunFailed',
      'WebhookDeliveryFailed',
      'ProviderCallFailed',
      'JudgeTokens',
    ]) {
      expect(body).toContain(needle);
    }
  });
});

describe('docs/runbook.md', () => {
  it('has one entry per alarm kind, each with its threshold reason', () => {
    const runbook = readFileSync('docs/runbook.md', 'utf8');
    for (const kind of Object.keys(ALARM_KINDS)) {
      const heading = new RegExp(`^### ${kind}$`, 'm');
      expect(runbook, kind).toMatch(heading);
      const entry = runbook.slice(runbook.search(heading)).split(/^### /m)[1] ?? '';
      for (const part of ['What it means', 'Look first', 'Recover', 'Safe to ignore']) {
        expect(entry, `${kind}: ${part}`).toContain(`**${part}**`);
      }
    }
  });
});
