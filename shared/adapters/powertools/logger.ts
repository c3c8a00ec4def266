/**
 * The logging port (shared/domain/kernel/logger.ts) on Powertools for AWS Lambda: one JSON line
 * per entry on stdout (CloudWatch on AWS), the invocation's Lambda context and appended keys on
 * each line. Keys appended during an invocation are kept per invocation by Powertools (in the
 * InvokeStore when invocations run concurrently), so requests served at once never mix them.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { InvocationLogger, LogFields } from '#shared/domain/kernel/logger';

export interface PowertoolsLoggerOptions {
  /** Lines below this level are dropped; SILENT drops them all. */
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
  serviceName?: string;
}

/** A logger writing through a new Powertools Logger; building it is the only work done. */
export function createPowertoolsLogger(options: PowertoolsLoggerOptions): InvocationLogger {
  const logger = new Logger({
    serviceName: options.serviceName ?? 'agent-readiness-api',
    logLevel: options.level,
  });
  const line =
    (write: (message: string, ...fields: LogFields[]) => void) =>
    (message: string, fields?: LogFields) =>
      fields === undefined ? write(message) : write(message, fields);
  return {
    debug: line(logger.debug.bind(logger)),
    info: line(logger.info.bind(logger)),
    warn: line(logger.warn.bind(logger)),
    error: line(logger.error.bind(logger)),
    // What Powertools' own middy middleware does around an invocation (resetKeys: true).
    startInvocation(event, context) {
      logger.refreshSampleRateCalculation();
      logger.addContext(context as Parameters<Logger['addContext']>[0]);
      logger.logEventIfEnabled(event);
    },
    appendKeys: (keys) => logger.appendKeys({ ...keys }),
    endInvocation() {
      logger.clearBuffer();
      logger.resetKeys();
    },
  };
}
