/**
 * Explicit wiring (docs/decisions.md "Explicit wiring (issue 14)"): in shared/ only the
 * configuration module reads the process environment; no program writes it except where its
 * configuration entry must, and there only the variables listed. Each rule holds over the real
 * tree and fires on a violation planted at the end of a real file (changed in memory only).
 */
import { describe, expect, it } from 'vitest';
import { plantedIn, readSources } from '#test/support/architecture/sources';
import {
  CONFIGURATION_MODULE,
  describeUse,
  ENVIRONMENT_ROOTS,
  ENVIRONMENT_WRITERS,
  environmentUses,
  findEnvironmentReaders,
  findEnvironmentWrites,
} from '#test/support/architecture/wiring';

const root = process.cwd();
const sources = readSources(root, ENVIRONMENT_ROOTS);

describe('reading the environment', () => {
  it('happens only in the configuration module of shared/', () => {
    expect(sources.some((file) => file.path === CONFIGURATION_MODULE)).toBe(true);
    expect(findEnvironmentReaders(sources).map(describeUse)).toEqual([]);
  });

  it('is caught anywhere else in shared/, and a write in the configuration module too', () => {
    const planted = [
      plantedIn(root, 'shared/domain/kernel/errors.ts', 'const level = process.env.LOG_LEVEL;'),
      plantedIn(root, 'shared/wiring/batch.ts', "const { env } = process;\nparse(env['PLAN']);"),
      plantedIn(root, CONFIGURATION_MODULE, "process.env.TABLE_NAME ??= 'table';"),
    ];
    expect(findEnvironmentReaders(planted).map((use) => `${use.file} ${use.kind}s`)).toEqual([
      'shared/domain/kernel/errors.ts reads',
      'shared/wiring/batch.ts reads',
      `${CONFIGURATION_MODULE} writes`,
    ]);
  });
});

describe('writing the environment', () => {
  it('happens nowhere in the programs but the listed entries, and there only their variables', () => {
    expect(sources.length).toBeGreaterThan(400);
    expect(findEnvironmentWrites(sources).map(describeUse)).toEqual([]);
    for (const [file, entry] of Object.entries(ENVIRONMENT_WRITERS)) {
      const writes = sources.filter((source) => source.path === file).flatMap(environmentUses);
      expect(writes.filter((use) => use.kind === 'write').map((use) => use.variable)).toEqual(
        entry.variables,
      );
    }
  });

  it('is caught in a bench, and in a listed entry writing another variable', () => {
    const planted = [
      plantedIn(root, 'bench/run.ts', "process.env.LOG_LEVEL ??= 'SILENT';"),
      plantedIn(root, 'local/stack.ts', "process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:1';"),
    ];
    expect(findEnvironmentWrites(planted).map((use) => `${use.file} ${use.variable}`)).toEqual([
      'bench/run.ts LOG_LEVEL',
      'local/stack.ts DYNAMODB_ENDPOINT',
    ]);
  });

  it('is caught in any form, and a read is not a write', () => {
    const writes = [
      'process.env.A = url;',
      "process.env['B'] = url;",
      "process.env.C ??= 'WARN';",
      'process.env.D++;',
      'delete process.env[name];',
      'Object.assign(process.env, options.env ?? {});',
      "Reflect.set(process.env, 'E', '1');",
      "(process.env as Record<string, string>).F = '1';",
      "globalThis.process['env'].G = '1';",
      "({ a: process.env.H } = { a: '1' });",
      'process.env = {};',
      "process.loadEnvFile('.env');",
    ];
    const aliases = [
      "const env = process.env;\nenv.I = '1';",
      "const { env: vars } = process;\nvars.J = '1';",
      "import { env as E } from 'node:process';\nE.K = '1';",
      "import proc from 'node:process';\nproc.env.L = '1';",
    ];
    const reads = [
      "if (process.env.LOG_LEVEL === 'SILENT') process.exit(0);",
      'const copy = { ...process.env, LOG_LEVEL: "SILENT" };',
      'const port = Number(process.env.PORT ?? 3000);',
      '// process.env.M = "1" in a comment',
    ];
    for (const text of [...writes, ...aliases]) {
      const planted = plantedIn(root, 'scripts/client-types.ts', text);
      expect(findEnvironmentWrites([planted]).length, text).toBe(1);
    }
    for (const text of reads) {
      const planted = plantedIn(root, 'scripts/client-types.ts', text);
      expect(findEnvironmentWrites([planted]), text).toEqual([]);
    }
  });
});
