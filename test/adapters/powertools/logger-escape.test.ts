/**
 * Nothing a visitor typed reaches a log line unescaped (issue 36 point 4): the logger adapter
 * writes every control character as an escape, those JSON escapes itself (ESC, a newline) and
 * those it leaves raw (the C1 controls, the line separators, the bidi overrides) alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPowertoolsLogger,
  escapeControlCharacters,
} from '#shared/adapters/powertools/logger';
import { captured, captureStdout } from '#test/support/debug-logs';

const HOSTILE = 'x\u001b[31mred\u009b31m\u2028forged line\u202eevil\u007f\ny';
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the test
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  captured.length = 0;
});

describe('log lines', () => {
  it('carry no raw control character, whatever the message and fields hold', () => {
    restore = captureStdout();
    const logger = createPowertoolsLogger({ level: 'DEBUG' });
    logger.info(`sign-in refused for ${HOSTILE}`, { email: HOSTILE, nested: { ua: HOSTILE } });
    restore();
    const lines = captured
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).not.toMatch(RAW);
    expect(line).toContain('\\\\u009b31m');
    const entry = JSON.parse(line) as { message: string; email: string };
    expect(entry.email).toContain('\\u2028forged line');
  });

  it('escape every control character of a plain-text line (the local outbox)', () => {
    const escaped = escapeControlCharacters(HOSTILE);
    expect(escaped).not.toMatch(RAW);
    expect(escaped).toBe('x\\u001b[31mred\\u009b31m\\u2028forged line\\u202eevil\\u007f\\u000ay');
  });
});
