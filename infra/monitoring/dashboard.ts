/**
 * The stage's one CloudWatch dashboard, `AgentReadiness-<stage>` (docs/runbook.md): the golden
 * signals of the API (traffic, errors, latency), the functions' errors and throttles, the
 * workflow executions, the queue depths, the business metrics, the provider failures by family
 * and the judge's tokens against the daily budget. Each row answers one question of the runbook.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { BusinessMetric } from '#shared/domain/kernel/metrics';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { businessMetric, type WatchedFunction } from './alarms.ts';

interface DashboardSources {
  stage: string;
  api: HttpApi;
  functions: readonly WatchedFunction[];
  stateMachines: ReadonlyMap<string, StateMachine>;
  queues: ReadonlyMap<string, Queue>;
  deadLetterQueues: ReadonlyMap<string, Queue>;
  judgeTokenBudget: number;
}

const graph = (title: string, left: IMetric[], width = 8): GraphWidget =>
  new GraphWidget({ title, left, width, height: 6 });

/** One series over every function: `SUM`, or the ten functions with most (`TOP`). */
function acrossFunctions(
  functions: readonly WatchedFunction[],
  metricOf: (fn: WatchedFunction) => IMetric,
  shape: 'SUM' | 'TOP',
  label: string,
): MathExpression {
  const usingMetrics = Object.fromEntries(
    functions.map((fn, index) => [`f${index}`, metricOf(fn)]),
  );
  const all = `[${Object.keys(usingMetrics).join(', ')}]`;
  return new MathExpression({
    expression: shape === 'SUM' ? `SUM(${all})` : `SORT(${all}, SUM, DESC, 10)`,
    usingMetrics,
    label,
    period: Duration.minutes(5),
  });
}

function apiRow(api: HttpApi): IWidget[] {
  return [
    graph('API requests', [api.metricCount({ statistic: 'Sum', label: 'requests' })]),
    graph('API errors', [
      api.metricClientError({ statistic: 'Sum', label: '4xx' }),
      api.metricServerError({ statistic: 'Sum', label: '5xx' }),
    ]),
    graph('API latency (ms)', [
      api.metricLatency({ statistic: 'p50', label: 'p50' }),
      api.metricLatency({ statistic: 'p99', label: 'p99' }),
      api.metricIntegrationLatency({ statistic: 'p99', label: 'p99 in the function' }),
    ]),
  ];
}

function functionsRow(functions: readonly WatchedFunction[]): IWidget[] {
  const errors = (watched: WatchedFunction) =>
    watched.fn.function.metricErrors({ statistic: 'Sum' });
  const throttles = (watched: WatchedFunction) =>
    watched.fn.function.metricThrottles({ statistic: 'Sum' });
  return [
    graph('Lambda errors, all functions', [acrossFunctions(functions, errors, 'SUM', 'errors')]),
    graph('Lambda errors, top functions', [acrossFunctions(functions, errors, 'TOP', 'errors')]),
    graph('Lambda throttles, all functions', [
      acrossFunctions(functions, throttles, 'SUM', 'throttles'),
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        statistic: 'Maximum',
        label: 'concurrent executions (account)',
      }),
    ]),
  ];
}

function workflowsRow(stateMachines: ReadonlyMap<string, StateMachine>): IWidget[] {
  const machines = [...stateMachines];
  return [
    graph(
      'Executions started',
      machines.map(([name, m]) => m.metricStarted({ statistic: 'Sum', label: name })),
    ),
    graph(
      'Executions failed or timed out',
      machines.flatMap(([name, m]) => [
        m.metricFailed({ statistic: 'Sum', label: `${name} failed` }),
        m.metricTimedOut({ statistic: 'Sum', label: `${name} timed out` }),
      ]),
    ),
    graph(
      'Execution time, p90 (ms)',
      machines.map(([name, m]) => m.metricTime({ statistic: 'p90', label: name })),
    ),
  ];
}

function queuesRow(
  queues: ReadonlyMap<string, Queue>,
  dlqs: ReadonlyMap<string, Queue>,
): IWidget[] {
  const visible = (name: string, queue: Queue) =>
    queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: name });
  return [
    graph(
      'Queue depth',
      [...queues].map(([name, queue]) => visible(name, queue)),
    ),
    graph(
      'Oldest message (s)',
      [...queues].map(([name, queue]) =>
        queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', label: name }),
      ),
    ),
    graph(
      'Dead-letter queue depth',
      [...dlqs].map(([name, queue]) => visible(`${name} dead letters`, queue)),
    ),
  ];
}

function businessRow(stage: string, budget: number): IWidget[] {
  const sums = (names: BusinessMetric[]) =>
    names.map((name) => businessMetric(stage, name, {}, name));
  return [
    graph(
      'Scans and agent logs',
      sums([
        'ScanCompleted',
        'ScanFailed',
        'BatchJobCompleted',
        'RateLimited',
        'AgentLogProcessed',
        'AgentLogFailed',
      ]),
      6,
    ),
    graph('Monitor runs', sums(['RunCompleted', 'RunFailed']), 6),
    graph(
      'Webhook deliveries',
      sums(['WebhookDeliverySucceeded', 'WebhookDeliveryFailed', 'WebhookEndpointDisabled']),
      6,
    ),
    new GraphWidget({
      title: 'Provider failures and judge tokens',
      left: PROVIDER_FAMILIES.map((family) =>
        businessMetric(stage, 'ProviderCallFailed', { family }, `${family} failed calls`),
      ),
      right: [
        businessMetric(stage, 'JudgeTokens', {}, 'judge tokens a day').with({
          period: Duration.days(1),
        }),
      ],
      rightAnnotations: [{ value: budget, label: 'daily budget' }],
      width: 6,
      height: 6,
    }),
  ];
}

/**
 * The shared provider budget (docs/runbook.md "Provider quotas"): how long lanes wait for their
 * turn, how much of the coming minute each pace has promised, and the 429s per family.
 */
function budgetRow(stage: string): GraphWidget[] {
  const perFamily = (name: 'ProviderQueueWait' | 'ProviderBudgetInUse', statistic: string) =>
    PROVIDER_FAMILIES.map((family) =>
      businessMetric(stage, name, { family }, `${family} ${statistic.toLowerCase()}`).with({
        statistic,
      }),
    );
  return [
    new GraphWidget({
      title: 'Queue wait for provider quota (s)',
      left: perFamily('ProviderQueueWait', 'Average'),
      right: perFamily('ProviderQueueWait', 'Maximum'),
      width: 8,
      height: 6,
    }),
    new GraphWidget({
      title: 'Provider budget in use (% of the coming minute)',
      left: perFamily('ProviderBudgetInUse', 'Maximum'),
      width: 8,
      height: 6,
    }),
    new GraphWidget({
      title: 'Calls and 429s per family',
      left: PROVIDER_FAMILIES.map((family) =>
        businessMetric(stage, 'ProviderCalls', { family }, `${family} calls`),
      ),
      right: PROVIDER_FAMILIES.map((family) =>
        businessMetric(stage, 'ProviderThrottled', { family }, `${family} 429s`),
      ),
      width: 8,
      height: 6,
    }),
  ];
}

/** The dashboard `AgentReadiness-<stage>`. */
export function buildDashboard(scope: Construct, sources: DashboardSources): Dashboard {
  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: `AgentReadiness-${sources.stage}`,
  });
  dashboard.addWidgets(
    new TextWidget({
      markdown:
        `# Agent-Readiness ${sources.stage}\nEvery alarm of this stage and what to do is in ` +
        'docs/runbook.md; logs carry request_id and xray_trace_id.',
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(...apiRow(sources.api));
  dashboard.addWidgets(...functionsRow(sources.functions));
  dashboard.addWidgets(...workflowsRow(sources.stateMachines));
  dashboard.addWidgets(...queuesRow(sources.queues, sources.deadLetterQueues));
  dashboard.addWidgets(...businessRow(sources.stage, sources.judgeTokenBudget));
  dashboard.addWidgets(...budgetRow(sources.stage));
  return dashboard;
}
