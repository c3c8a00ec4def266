/**
 * A dead-letter queue of the stacks: encrypted, TLS only, kept 14 days (the longest SQS allows,
 * so an operator has time to look; docs/runbook.md "DeadLetters"), its depth alarmed by the
 * monitoring stack. cdk-nag's rules that every queue have a dead-letter queue and a redrive
 * policy are acknowledged on it: it is where failures end, and nothing consumes it.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** `<base>DeadLetterQueue` in `scope`; `keeps` says whose failures it keeps (the reasons). */
export function deadLetterQueue(scope: Construct, base: string, keeps: string): Queue {
  const deadLetters = new Queue(scope, `${base}DeadLetterQueue`, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const reason = `This is the dead-letter queue of ${keeps}; a DLQ needs no DLQ of its own.`;
  Validations.of(deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason });
  Validations.of(deadLetters).acknowledge({
    id: 'Serverless-SQSRedrivePolicy',
    reason: `${reason} Nothing consumes it: an operator reads it and redrives (docs/runbook.md).`,
  });
  return deadLetters;
}
