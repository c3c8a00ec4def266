/**
 * An uploaded log as lines, streamed: the body's parts (gzip or plain text) are expanded chunk by
 * chunk, counted against the expansion cap (stopped there, `payload_too_large`), decoded as UTF-8
 * and cut into lines, so memory stays flat whatever the log's length (docs/agent-logs.md
 * "Limits"). Used twice: when a log is uploaded (hash, cap, the first hundred lines) and when
 * it is processed.
 */
import { createGunzip } from 'node:zlib';
import { AppError, BadRequestError } from '#shared/domain/kernel/errors';

/** The most an upload may expand to: a gzip bomb is stopped while it expands. */
export const MAX_EXPANDED_BYTES = 200 * 1024 * 1024;

/** The first bytes of every gzip member (RFC 1952): a text log never starts with them. */
export function looksGzipped(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function tooLarge(limit: number): AppError {
  return new AppError(
    'payload_too_large',
    `The log expands to more than ${Math.round(limit / 1024 / 1024)} MB; upload it in smaller parts.`,
  );
}

/** Expands gzip parts into chunks (plain parts pass as they are), stopping past `limit` bytes. */
export async function* expand(
  parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  gzip: boolean,
  limit = MAX_EXPANDED_BYTES,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  if (!gzip) {
    for await (const part of parts) {
      total += part.length;
      if (total > limit) throw tooLarge(limit);
      yield part;
    }
    return;
  }
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  const feeding = (async () => {
    for await (const part of parts) {
      if (!gunzip.write(part)) await new Promise((resolve) => gunzip.once('drain', resolve));
    }
    gunzip.end();
  })();
  feeding.catch((error: unknown) => gunzip.destroy(error as Error));
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw tooLarge(limit);
      yield chunk;
    }
    await feeding;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadRequestError('invalid_request', 'The body is not valid gzip.');
  } finally {
    gunzip.destroy();
  }
}

/** A line longer than this is cut here (a log line is a few hundred characters). */
export const MAX_LINE_CHARS = 64 * 1024;

/**
 * Lines of expanded chunks (`\n` or `\r\n`), decoded as UTF-8 (invalid bytes replaced); the
 * callback returns false to stop early. A line past MAX_LINE_CHARS is cut there and the rest of
 * it dropped, so a body without line ends costs linear time and bounded memory.
 */
export async function forEachLine(
  chunks: AsyncIterable<Uint8Array>,
  onLine: (line: string) => boolean | undefined,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  const state = { carry: '', cut: false };
  for await (const chunk of chunks) {
    if (!splitLines(decoder.decode(chunk, { stream: true }), state, onLine)) return;
  }
  const last = state.carry + (state.cut ? '' : decoder.decode());
  if (last !== '') emitLine(last.slice(0, MAX_LINE_CHARS), onLine);
}

function emitLine(line: string, onLine: (line: string) => boolean | undefined): boolean {
  return onLine(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line) !== false;
}

/**
 * The lines `text` ends, the start of the next kept in `state.carry` (cut at MAX_LINE_CHARS,
 * `state.cut` then drops the rest of that line). False when the callback asked to stop.
 */
function splitLines(
  text: string,
  state: { carry: string; cut: boolean },
  onLine: (line: string) => boolean | undefined,
): boolean {
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    const line = state.cut ? state.carry : state.carry + text.slice(start, end);
    state.carry = '';
    state.cut = false;
    start = end + 1;
    if (!emitLine(line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line, onLine)) {
      return false;
    }
  }
  if (!state.cut) {
    const rest = state.carry + text.slice(start);
    state.cut = rest.length > MAX_LINE_CHARS;
    state.carry = state.cut ? rest.slice(0, MAX_LINE_CHARS) : rest;
  }
  return true;
}
