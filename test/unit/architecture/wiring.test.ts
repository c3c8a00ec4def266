/**
 * Explicit wiring (docs/decisions.md "Explicit wiring (issue 14)"): configuration is read from the
 * environment in one module and passed into composition; the local stack configures the service
 * by starting the wiring with its settings, never by writing the environment. Each rule is also
 * shown to fire on a planted violation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSharedSources } from '#test/support/architecture/layers';
import { environmentReaders, environmentWrites } from '#test/support/architecture/wiring';

describe('reading the environment', () => {
  it('happens only in the configuration module of shared/', () => {
    const sources = readSharedSources(process.cwd());
    expect(sources.some((file) => file.path === 'shared/wiring/config.ts')).toBe(true);
    expect(environmentReaders(sources)).toEqual([]);
  });

  it('is caught anywhere else in shared/', () => {
    const planted = [
      { path: 'shared/wiring/config.ts', text: 'const env = { ...process.env };' },
      { path: 'shared/domain/kernel/logger.ts', text: 'level: process.env.LOG_LEVEL,' },
      { path: 'shared/wiring/batch.ts', text: "parse(process.env['PLAN_LIMITS'])" },
    ];
    expect(environmentReaders(planted)).toEqual([
      'shared/domain/kernel/logger.ts',
      'shared/wiring/batch.ts',
    ]);
  });
});

describe('the local stack', () => {
  it('writes nothing into the environment', () => {
    const stack = readFileSync('local/stack.ts', 'utf8');
    expect(environmentWrites(stack)).toEqual([]);
  });

  it('would be caught writing it, in any form', () => {
    const writes = [
      'process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;',
      "process.env['EVENTS_QUEUE_URL'] = url;",
      "process.env.LOG_LEVEL ??= 'WARN';",
      'Object.assign(process.env, options.env ?? {});',
      'delete process.env[name];',
    ];
    const reads = ["if (process.env.LOG_LEVEL === 'SILENT') return;", 'const x = process.env;'];
    expect(environmentWrites([...writes, ...reads].join('\n'))).toEqual(writes);
  });
});
