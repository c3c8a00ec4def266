/**
 * A `fetch` that retries 429 and 503 answers, the two statuses whose request the API did not
 * carry out (rate or quota limits, a dependency briefly down). It waits what `Retry-After`
 * says, and gives up at once (handing the answer back, which becomes an error) when the server
 * asks for longer than `maxDelayMs`: a daily quota is not worth blocking on. Without the header
 * it backs off exponentially. Bounded by `maxRetries`. Other statuses are never retried: a
 * create that failed for another reason may have happened.
 */
import { parseRetryAfter } from './errors.ts';

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /** The longest single wait, in ms (default 60 000); a longer Retry-After is not waited for. */
  maxDelayMs?: number;
  /** First back-off without Retry-After, in ms, doubled each time (default 500). */
  baseDelayMs?: number;
}

const RETRIED_STATUSES = new Set([429, 503]);

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long to wait before the next attempt, or undefined to stop retrying. */
export function retryDelayMs(
  response: Response,
  retry: number,
  options: Required<RetryOptions>,
): number | undefined {
  if (!RETRIED_STATUSES.has(response.status) || retry >= options.maxRetries) return undefined;
  const seconds = parseRetryAfter(response.headers.get('retry-after'));
  const delay = seconds === undefined ? options.baseDelayMs * 2 ** retry : seconds * 1000;
  return delay > options.maxDelayMs ? undefined : delay;
}

export function withRetries(
  baseFetch: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const settings: Required<RetryOptions> = {
    maxRetries: options.maxRetries ?? 3,
    maxDelayMs: options.maxDelayMs ?? 60_000,
    baseDelayMs: options.baseDelayMs ?? 500,
  };
  return async (request) => {
    for (let retry = 0; ; retry += 1) {
      // Each attempt sends a copy: a body can be read only once. The Idempotency-Key header,
      // when there is one, travels unchanged with every copy.
      const response = await baseFetch(request.clone());
      const delay = retryDelayMs(response, retry, settings);
      if (delay === undefined) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}
