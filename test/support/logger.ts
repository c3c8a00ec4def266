/**
 * A logger for tests that build dependencies by hand: it writes nothing and keeps every line
 * (level, message, fields, and the keys appended in the invocation), so a test can read what the
 * code under test logged.
 */
import type { InvocationLogger, LogFields } from '#shared/domain/kernel/logger';

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields;
}

export interface RecordingLogger extends InvocationLogger {
  readonly lines: LoggedLine[];
  /** The lines at one level. */
  at(level: LoggedLine['level']): LoggedLine[];
}

export function recordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = [];
  let keys: LogFields = {};
  const line =
    (level: LoggedLine['level']) =>
    (message: string, fields: LogFields = {}) => {
      lines.push({ level, message, fields: { ...keys, ...fields } });
    };
  return {
    lines,
    at: (level) => lines.filter((entry) => entry.level === level),
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    startInvocation() {
      keys = {};
    },
    appendKeys(added) {
      keys = { ...keys, ...added };
    },
    endInvocation() {
      keys = {};
    },
  };
}
