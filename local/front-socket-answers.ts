/**
 * The local front's answers that never reach a handler (local/http-front.ts): requests Node's
 * HTTP parser rejects (a method it does not know, headers far over the limit) and CONNECT,
 * each answered in the error envelope straight on the socket, the rest of what the client sends
 * drained so it reads the answer rather than a reset (issue 36 point 9).
 */
import type { Socket } from 'node:net';
import { AppError, type ErrorCodeName } from '#shared/domain/kernel/errors';
import { errorResponse } from '#shared/surfaces/http/request';
import { getLogger } from '#shared/wiring/logger';

const PARSER_ERRORS: Record<string, { code: ErrorCodeName; message: string }> = {
  HPE_INVALID_METHOD: { code: 'not_implemented', message: 'This HTTP method is not supported.' },
  HPE_HEADER_OVERFLOW: {
    code: 'request_header_fields_too_large',
    message: 'The request headers are too large.',
  },
};

/**
 * Requests Node's parser rejects never reach a handler; answer them in the envelope too (with
 * `Connection: close`, as the parser state cannot be trusted any more).
 */
export function answerParserError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && !socket.bytesWritten)) {
    socket.destroy();
    return;
  }
  const known = PARSER_ERRORS[error.code ?? ''];
  const appError = new AppError(
    known?.code ?? 'invalid_request',
    known?.message ?? 'The request could not be parsed as HTTP/1.1.',
  );
  answerOnSocket(socket, appError);
}

/** How much of a refused request is read and dropped, and for how long, before the cut. */
const REFUSED_DRAIN_BYTES = 16 * 1024 * 1024;
const REFUSED_DRAIN_MS = 5_000;
/** The client has sent all it had once it is quiet this long: the connection then ends cleanly. */
const REFUSED_QUIET_MS = 200;

/** Sockets already answered: Node's parser may report one request's error more than once. */
const answered = new WeakSet<Socket>();

/**
 * The envelope written straight to the socket, then the connection closed once the client has
 * gone quiet. What it is still sending (headers far over the limit, a CONNECT's tunnel) is read
 * and dropped first, up to a bound: closing a socket with unread data makes the kernel send a
 * reset, and the client would see that instead of the answer (issue 36 point 9).
 */
export function answerOnSocket(socket: Socket, appError: AppError): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  const result = errorResponse(
    appError,
    { id: crypto.randomUUID(), baseUrl: 'http://localhost' },
    getLogger(),
  );
  const body = result.body ?? '';
  const headers = Object.entries({ ...result.headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\r\n');
  // The HTTP parser has nothing more to read on this connection: the rest is dropped here.
  socket.removeAllListeners('data');
  socket.write(
    `HTTP/1.1 ${result.statusCode} ${statusText(result.statusCode ?? 400)}\r\n${headers}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  let drained = 0;
  let quiet: NodeJS.Timeout | undefined;
  const cut = setTimeout(() => socket.destroy(), REFUSED_DRAIN_MS).unref();
  const endWhenQuiet = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => socket.end(), REFUSED_QUIET_MS).unref();
  };
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_DRAIN_BYTES) socket.destroy();
    else endWhenQuiet();
  });
  socket.on('close', () => {
    clearTimeout(cut);
    clearTimeout(quiet);
  });
  endWhenQuiet();
  socket.resume();
}

function statusText(status: number): string {
  return (
    { 400: 'Bad Request', 431: 'Request Header Fields Too Large', 501: 'Not Implemented' }[
      status
    ] ?? 'Error'
  );
}
