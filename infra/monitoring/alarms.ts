/**
 * How an alarm of a stage is made from its kind (thresholds.ts): the threshold, the periods and
 * the reason come from the kind; every alarm notifies the stage's one SNS topic when it fires
 * and when it recovers, and treats a period without data as healthy (no requests, no failures).
 */
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { ApiFunction } from '#infra/constructs/api-function';
import {
  type BusinessMetric,
  METRICS_NAMESPACE,
  type MetricDimensions,
  SERVICE_NAME,
} from '#shared/domain/kernel/metrics';
import { ALARM_KINDS, type AlarmKind } from './thresholds.ts';

/** A function of the stage, with the name its alarms carry. */
export interface WatchedFunction {
  id: string;
  fn: ApiFunction;
}

/** Where a stage's alarms go and how they are named. */
export interface AlarmTarget {
  scope: Construct;
  stage: string;
  topic: ITopic;
}

interface AlarmOptions {
  /** The resource an alarm of a per-resource kind watches (a function, a queue, a family). */
  subject?: string;
  /** Overrides the kind's threshold (the judge's budget comes from context). */
  threshold?: number;
  /** What the metric is, in the description before the reason. */
  watches: string;
}

/** The name of an alarm: `AgentReadiness-<stage>-<kind>[-<subject>]` (docs/runbook.md). */
function alarmName(stage: string, kind: AlarmKind, subject?: string): string {
  return `AgentReadiness-${stage}-${kind}${subject ? `-${subject}` : ''}`;
}

/** One alarm of `kind` on `metric`, with the topic as its alarm and OK action. */
export function alarmOn(
  target: AlarmTarget,
  kind: AlarmKind,
  metric: Metric | MathExpression,
  options: AlarmOptions,
): Alarm {
  const threshold: { above?: boolean } & (typeof ALARM_KINDS)[AlarmKind] = ALARM_KINDS[kind];
  const name = alarmName(target.stage, kind, options.subject);
  const alarm = new Alarm(target.scope, `${kind}${options.subject ?? ''}Alarm`, {
    alarmName: name,
    alarmDescription: `${options.watches}. ${threshold.reason} Runbook: docs/runbook.md#${kind.toLowerCase()}`,
    metric: metric.with({ period: Duration.minutes(threshold.periodMinutes) }),
    threshold: options.threshold ?? threshold.value,
    comparisonOperator: threshold.above
      ? ComparisonOperator.GREATER_THAN_THRESHOLD
      : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: threshold.periods,
    datapointsToAlarm: threshold.periods,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  const action = new SnsAction(target.topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}

/** A business metric of this stage (shared/domain/kernel/metrics.ts), summed. */
export function businessMetric(
  stage: string,
  name: BusinessMetric,
  dimensions: MetricDimensions = {},
  label?: string,
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: {
      service: SERVICE_NAME,
      stage,
      ...(dimensions.family ? { family: dimensions.family } : {}),
    },
    statistic: 'Sum',
    period: Duration.minutes(5),
    ...(label ? { label } : {}),
  });
}
