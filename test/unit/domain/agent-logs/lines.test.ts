import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expand, forEachLine, MAX_LINE_CHARS } from '#shared/domain/agent-logs/lines';
import { AppError } from '#shared/domain/kernel/errors';

/** A log as lines, streamed (docs/agent-logs.md "Limits"). */
async function* chunks(parts: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

async function linesOf(parts: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  await forEachLine(chunks(parts), (line) => {
    lines.push(line);
    return undefined;
  });
  return lines;
}

describe('lines of a streamed log', () => {
  it('joins lines across chunk boundaries and drops CRLF line ends', async () => {
    expect(await linesOf(['a\nb', 'c\r\nd\n', 'e'])).toEqual(['a', 'bc', 'd', 'e']);
  });

  it('cuts a line without end at 64 KiB and drops its rest, in linear time', async () => {
    const lines = await linesOf([
      'x'.repeat(40_000),
      'y'.repeat(40_000),
      'z'.repeat(40_000),
      '\nok\n',
    ]);
    expect(lines.map((line) => line.length)).toEqual([MAX_LINE_CHARS, 2]);
    expect(lines[1]).toBe('ok');
  });

  it('decodes a UTF-8 character split between two chunks', async () => {
    const bytes = new TextEncoder().encode('café\n');
    const split = async function* () {
      yield bytes.subarray(0, 4);
      yield bytes.subarray(4);
    };
    const lines: string[] = [];
    await forEachLine(split(), (line) => {
      lines.push(line);
      return undefined;
    });
    expect(lines).toEqual(['café']);
  });
});

describe('expanding a body', () => {
  it('inflates gzip members one after the other', async () => {
    const body = Buffer.concat([gzipSync('one\n'), gzipSync('two\n')]);
    const lines: string[] = [];
    await forEachLine(expand([body], true), (line) => {
      lines.push(line);
      return undefined;
    });
    expect(lines).toEqual(['one', 'two']);
  });

  it('stops at the cap while expanding (413 payload_too_large)', async () => {
    const member = gzipSync(Buffer.alloc(1024 * 1024));
    const body = Buffer.concat(Array.from({ length: 5 }, () => member));
    let expanded = 0;
    const error = await (async () => {
      for await (const chunk of expand([body], true, 3 * 1024 * 1024)) expanded += chunk.length;
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('payload_too_large');
    expect(expanded).toBeLessThanOrEqual(3 * 1024 * 1024);
  });

  it('refuses gzip that does not inflate (400 invalid_request)', async () => {
    const error = await (async () => {
      for await (const _ of expand([Buffer.from([0x1f, 0x8b, 8, 0, 9, 9, 9])], true)) {
        // nothing to read
      }
    })().catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('invalid_request');
  });
});
