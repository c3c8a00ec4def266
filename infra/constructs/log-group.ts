/**
 * The house log group: function logs, the API's access logs and the state machines' execution
 * logs are all operational data, kept for the stage's retention and destroyed with their stack
 * (keeping them would block a redeploy of a destroyed stage).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** A log group kept for `retention`, destroyed with its stack. */
export function retainedLogGroup(scope: Construct, id: string, retention: RetentionDays): LogGroup {
  return new LogGroup(scope, id, { retention, removalPolicy: RemovalPolicy.DESTROY });
}
