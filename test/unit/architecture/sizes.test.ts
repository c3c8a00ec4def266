/** Small pieces (docs/architecture.md): no source file over 400 lines, no function over 60. */
import { describe, expect, it } from 'vitest';
import {
  countLines,
  describeOffence,
  findLongFunctions,
  findSizeOffences,
  GENERATED_DATA,
  MAX_FILE_LINES,
  SOURCE_ROOTS,
} from '#test/support/architecture/sizes';
import { readSources } from '#test/support/architecture/sources';

/** A function declaration with `bodyLines` statements, so it spans `bodyLines + 2` lines. */
const functionOf = (name: string, bodyLines: number) =>
  `function ${name}() {\n${'  work();\n'.repeat(bodyLines)}}\n`;

describe('size rule', () => {
  // Parsing every source file takes a few seconds on a busy machine.
  it('finds no source file over 400 lines and no function over 60 lines', {
    timeout: 60_000,
  }, () => {
    const sources = readSources(process.cwd(), SOURCE_ROOTS);
    expect(sources.length).toBeGreaterThan(300);
    expect(findSizeOffences(sources).map(describeOffence)).toEqual([]);
  });

  it('exempts only files that exist, each with a reason', () => {
    const paths = new Set(readSources(process.cwd(), SOURCE_ROOTS).map((file) => file.path));
    for (const [file, reason] of Object.entries(GENERATED_DATA)) {
      expect(paths.has(file), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it('fires on a planted long file and a planted long function, and lets a 60-line one pass', () => {
    const planted = [
      { path: 'shared/domain/x/long-file.ts', text: 'const a = 1;\n'.repeat(MAX_FILE_LINES + 1) },
      { path: 'shared/domain/x/long-function.ts', text: functionOf('tooLong', 59) },
      { path: 'shared/domain/x/fits.ts', text: functionOf('fits', 58) },
    ];
    expect(findSizeOffences(planted, {}).map(describeOffence)).toEqual([
      'shared/domain/x/long-file.ts: 401 lines (file limit 400)',
      'shared/domain/x/long-function.ts:1 tooLong: 61 lines (function limit 60)',
    ]);
  });

  it('measures methods, arrow functions and callbacks, naming nested ones by their outer function', () => {
    const body = '    step();\n'.repeat(61);
    const text = [
      'export class Service {',
      `  run() {\n${body}  }`,
      '}',
      `export const handler = async () => {\n${body}};`,
      `items.forEach((item) => {\n${body}});`,
      `function outer() {\n  return { inner() {\n${body}  } };\n}`,
    ].join('\n');
    const names = findLongFunctions({ path: 'local/x.ts', text }).map((offence) => offence.name);
    expect(names).toEqual([
      'run',
      'handler',
      '(callback of items.forEach)',
      'outer',
      'outer > inner',
    ]);
  });

  it('leaves out a listed generated data file', () => {
    const planted = [{ path: 'shared/data/table.ts', text: 'x;\n'.repeat(MAX_FILE_LINES + 1) }];
    expect(findSizeOffences(planted, { 'shared/data/table.ts': 'generated lookup table' })).toEqual(
      [],
    );
  });

  it('counts lines without the empty one after a final newline', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a\nb\n')).toBe(2);
    expect(countLines('a\nb')).toBe(2);
  });
});
