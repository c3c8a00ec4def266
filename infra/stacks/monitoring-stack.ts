/**
 * What lets an operator see a stage and be told when it breaks (docs/runbook.md): one SNS topic
 * every alarm notifies (context `alarmEmail` subscribes an address), the alarms of
 * infra/monitoring/thresholds.ts on the API, every function, every state machine, every
 * dead-letter queue and the business metrics, and one CloudWatch dashboard. Built last, from the
 * other stacks' resources; it holds nothing stateful and can be destroyed and deployed again
 * (an e-mail subscription is then confirmed again).
 */
import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { ApiFunction } from '#infra/constructs/api-function';
import {
  type AlarmTarget,
  alarmOn,
  businessMetric,
  type WatchedFunction,
} from '#infra/monitoring/alarms';
import { buildDashboard } from '#infra/monitoring/dashboard';
import { DEFAULT_JUDGE_TOKEN_BUDGET } from '#infra/monitoring/thresholds';
import { constructIdFor } from '#infra/routes';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { ApiStack } from './api-stack.ts';
import type { WorkflowStack } from './workflow-stack.ts';

export interface MonitoringStackProps extends StackProps {
  stage: string;
  api: ApiStack;
  workflows: WorkflowStack;
  /** Subscribed to the alarm topic by e-mail (it must confirm the subscription once). */
  alarmEmail?: string;
  /** Judge tokens a day above which JudgeTokensOverBudget fires. */
  judgeTokenBudget?: number;
}

export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly functions: readonly WatchedFunction[];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = this.buildTopic(props.alarmEmail);
    const target: AlarmTarget = { scope: this, stage: props.stage, topic: this.topic };
    this.functions = watchedFunctions(props.api, props.workflows);
    this.alarmApi(target, props.api.api);
    for (const watched of this.functions) this.alarmFunction(target, watched);
    for (const [name, machine] of props.workflows.stateMachines) {
      this.alarmStateMachine(target, constructIdFor(name), machine);
    }
    for (const [name, queue] of props.workflows.deadLetterQueues) {
      alarmOn(
        target,
        'DeadLetters',
        queue.metricApproximateNumberOfMessagesVisible({
          statistic: 'Maximum',
        }),
        { subject: constructIdFor(name), watches: `Messages in ${queue.node.id}` },
      );
    }
    this.alarmBusiness(target, props.judgeTokenBudget ?? DEFAULT_JUDGE_TOKEN_BUDGET);
    buildDashboard(this, {
      stage: props.stage,
      api: props.api.api,
      functions: this.functions,
      stateMachines: props.workflows.stateMachines,
      queues: props.workflows.queues,
      deadLetterQueues: props.workflows.deadLetterQueues,
      judgeTokenBudget: props.judgeTokenBudget ?? DEFAULT_JUDGE_TOKEN_BUDGET,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Every alarm of the stage notifies this topic (subscribe pagers or chat here)',
    });
  }

  private buildTopic(alarmEmail: string | undefined): Topic {
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Agent-Readiness alarms',
      enforceSSL: true,
    });
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names, metric names and thresholds, no customer data. ' +
        'The AWS-managed SNS key would stop CloudWatch from publishing (its key policy admits ' +
        'no other service), and a customer-managed key would protect nothing secret.',
    });
    if (alarmEmail) {
      topic.addSubscription(new EmailSubscription(alarmEmail));
      Validations.of(topic).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'An alarm e-mail that cannot be delivered loses nothing: the alarm stays in ALARM and ' +
          'its history keeps every change (console, dashboard); a dead-letter queue would hold ' +
          'copies nobody reads.',
      });
    }
    return topic;
  }

  private alarmApi(target: AlarmTarget, api: HttpApi): void {
    const rate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: {
        requests: api.metricCount({ statistic: 'Sum' }),
        errors: api.metricServerError({ statistic: 'Sum' }),
      },
      label: '5xx, % of requests',
    });
    alarmOn(target, 'ApiServerErrorRate', rate, { watches: 'Share of API requests answered 5xx' });
    alarmOn(target, 'ApiLatencyP99', api.metricLatency({ statistic: 'p99' }), {
      watches: 'p99 latency of API requests (ms)',
    });
  }

  private alarmFunction(target: AlarmTarget, { id, fn }: WatchedFunction): void {
    alarmOn(target, 'LambdaErrors', fn.function.metricErrors({ statistic: 'Sum' }), {
      subject: id,
      watches: `Failed invocations of ${fn.node.path}`,
    });
    alarmOn(target, 'LambdaThrottles', fn.function.metricThrottles({ statistic: 'Sum' }), {
      subject: id,
      watches: `Throttled invocations of ${fn.node.path}`,
    });
  }

  private alarmStateMachine(target: AlarmTarget, id: string, machine: StateMachine): void {
    alarmOn(target, 'ExecutionsFailed', machine.metricFailed({ statistic: 'Sum' }), {
      subject: id,
      watches: `Failed executions of the ${id} state machine`,
    });
    alarmOn(target, 'ExecutionsTimedOut', machine.metricTimedOut({ statistic: 'Sum' }), {
      subject: id,
      watches: `Timed-out executions of the ${id} state machine`,
    });
  }

  private alarmBusiness(target: AlarmTarget, judgeTokenBudget: number): void {
    alarmOn(
      target,
      'WebhookEndpointDisabled',
      businessMetric(target.stage, 'WebhookEndpointDisabled'),
      {
        watches: 'Webhook endpoints switched off after a 410 Gone',
      },
    );
    for (const family of PROVIDER_FAMILIES) {
      alarmOn(
        target,
        'ProviderCallFailed',
        businessMetric(target.stage, 'ProviderCallFailed', { family }),
        {
          subject: family,
          watches: `Failed calls to the ${family} model family`,
        },
      );
      alarmOn(target, 'ProviderThrottleRate', throttleRate(target.stage, family), {
        subject: family,
        watches: `Share of calls to the ${family} model family answered 429 (%)`,
      });
    }
    alarmOn(target, 'JudgeTokensOverBudget', businessMetric(target.stage, 'JudgeTokens'), {
      threshold: judgeTokenBudget,
      watches: `Judge tokens a day (budget ${judgeTokenBudget})`,
    });
  }
}

/** 429s as a share of a family's calls, in percent; no share below 20 calls in the period. */
function throttleRate(stage: string, family: (typeof PROVIDER_FAMILIES)[number]): MathExpression {
  return new MathExpression({
    expression: 'IF(calls >= 20, 100 * throttled / calls, 0)',
    usingMetrics: {
      calls: businessMetric(stage, 'ProviderCalls', { family }),
      throttled: businessMetric(stage, 'ProviderThrottled', { family }),
    },
    label: `${family} 429s, % of calls`,
  });
}

/** Every function of the stage once (routes that share a module share a function). */
function watchedFunctions(api: ApiStack, workflows: WorkflowStack): WatchedFunction[] {
  const seen = new Set<ApiFunction>();
  const all: WatchedFunction[] = [];
  const add = (id: string, fn: ApiFunction) => {
    if (seen.has(fn)) return;
    seen.add(fn);
    all.push({ id, fn });
  };
  for (const [operationId, fn] of api.functions) add(constructIdFor(operationId), fn);
  add('Mcp', api.mcp.function);
  for (const [id, fn] of workflows.functions) add(id, fn);
  return all;
}
