/**
 * The logging port (shared/domain/kernel/logger.ts) on Powertools for AWS Lambda: one JSON line
 * per entry on stdout (CloudWatch on AWS), the invocation's Lambda context and appended keys on
 * each line. Keys appended during an invocation are kept per invocation by Powertools (in the
 * InvokeStore when invocations run concurrently), so requests served at once never mix them.
 * Nothing a visitor typed reaches a line unescaped (issue 36 point 4): JSON escapes the C0
 * control characters, and this adapter escapes the rest a terminal or a log viewer acts on.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { InvocationLogger, LogFields } from '#shared/domain/kernel/logger';

export interface PowertoolsLoggerOptions {
  /** Lines below this level are dropped; SILENT drops them all. */
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
  serviceName?: string;
}

/**
 * Control characters JSON leaves as they are: DEL and the C1 controls (a lone 0x9b starts a
 * terminal escape sequence as ESC [ does), the line and paragraph separators, and the bidi
 * overrides that reorder what a reader sees.
 */
const UNESCAPED_BY_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (character: string) =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text with every control character written as its `\uXXXX` escape (plain-text log lines). */
export function escapeControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\u0000-\u001f]/g, escaped).replace(UNESCAPED_BY_JSON, escaped);
}

/** Every string value of a line, before JSON writes it: the ones JSON would leave raw escaped. */
function escapeStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(UNESCAPED_BY_JSON, escaped) : value;
}

/** A logger writing through a new Powertools Logger; building it is the only work done. */
export function createPowertoolsLogger(options: PowertoolsLoggerOptions): InvocationLogger {
  const logger = new Logger({
    serviceName: options.serviceName ?? 'agent-readiness-api',
    logLevel: options.level,
    jsonReplacerFn: escapeStrings,
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
