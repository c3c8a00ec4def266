/**
 * The fetch layer of one scan: every URL + variant is fetched at most once (callers share one
 * promise), requests to one origin run at most `perOrigin` at a time with the critical path
 * first (lower priority number), and every request's timeout is trimmed to the scan deadline.
 *
 * It also keeps the figures the benchmark reports: requests issued, the longest chain of
 * requests that had to wait for one another ("waves"), and repeats of the same key (which the
 * memo makes impossible; the counter proves it).
 */
import { gunzipSync } from 'node:zlib';
import { SafeFetchError, type SafeFetcher, type SafeFetchResponse } from '#shared/net/safe-fetch';
import type { Fetched } from './artifacts.ts';

export interface ScanFetchOptions {
  /** Sent as the Accept header; part of the memo key. */
  accept?: string;
  maxBytes: number;
  /** Lower runs first when the origin's slots are busy. 0 = critical path. */
  priority: number;
  /** Requests this one waited for, +1. Wave-1 requests have depth 1. */
  depth: number;
  /** Upper bound for this request (it is also trimmed to the deadline). */
  timeoutMs?: number;
}

export interface ScanFetchStats {
  requests: number;
  waves: number;
  duplicateFetches: number;
}

interface QueuedRequest {
  priority: number;
  sequence: number;
  start: () => void;
}

const DEFAULT_TIMEOUT_MS = 8_000;
/** Below this much time left we do not start a request at all. */
const MIN_USEFUL_MS = 150;

export class ScanFetcher {
  readonly #fetcher: SafeFetcher;
  readonly #deadlineAt: number;
  readonly #now: () => number;
  readonly #perOrigin: number;
  readonly #memo = new Map<string, Promise<Fetched>>();
  readonly #issuedKeys = new Set<string>();
  readonly #active = new Map<string, number>();
  readonly #queues = new Map<string, QueuedRequest[]>();
  readonly #deadlineController = new AbortController();
  #deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  #sequence = 0;
  #stats: ScanFetchStats = { requests: 0, waves: 0, duplicateFetches: 0 };

  constructor(
    fetcher: SafeFetcher,
    options: { deadlineAt: number; now: () => number; perOrigin?: number },
  ) {
    this.#fetcher = fetcher;
    this.#deadlineAt = options.deadlineAt;
    this.#now = options.now;
    this.#perOrigin = options.perOrigin ?? 6;
    const remaining = this.#deadlineAt - this.#now();
    this.#deadlineTimer = setTimeout(
      () => this.#deadlineController.abort(new DOMException('scan deadline', 'TimeoutError')),
      Math.max(0, remaining),
    );
  }

  get stats(): ScanFetchStats {
    return { ...this.#stats };
  }

  remainingMs(): number {
    return this.#deadlineAt - this.#now();
  }

  /**
   * Stops the deadline timer and aborts requests still in flight (speculative fetches nobody
   * will read once the scan has answered); call once the scan is done.
   */
  dispose(): void {
    if (this.#deadlineTimer !== undefined) {
      clearTimeout(this.#deadlineTimer);
      this.#deadlineTimer = undefined;
    }
    if (!this.#deadlineController.signal.aborted) {
      this.#deadlineController.abort(new DOMException('scan finished', 'AbortError'));
    }
  }

  /** GET `url` once per scan; later callers with the same URL and Accept share the answer. */
  get(url: string, options: ScanFetchOptions): Promise<Fetched> {
    const key = `GET ${url} accept=${options.accept ?? ''}`;
    const existing = this.#memo.get(key);
    if (existing !== undefined) {
      return existing;
    }
    const pending = this.#schedule(url, key, options);
    this.#memo.set(key, pending);
    return pending;
  }

  #schedule(url: string, key: string, options: ScanFetchOptions): Promise<Fetched> {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return Promise.resolve({ kind: 'blocked', url, message: 'not a valid URL' });
    }
    return new Promise<Fetched>((resolve) => {
      const start = () => {
        this.#active.set(origin, (this.#active.get(origin) ?? 0) + 1);
        this.#run(url, key, options)
          .then(resolve)
          .finally(() => {
            this.#active.set(origin, (this.#active.get(origin) ?? 1) - 1);
            this.#startNext(origin);
          });
      };
      if ((this.#active.get(origin) ?? 0) < this.#perOrigin) {
        start();
        return;
      }
      const queue = this.#queues.get(origin) ?? [];
      queue.push({ priority: options.priority, sequence: this.#sequence++, start });
      queue.sort((a, b) => a.priority - b.priority || a.sequence - b.sequence);
      this.#queues.set(origin, queue);
    });
  }

  #startNext(origin: string): void {
    const queue = this.#queues.get(origin);
    const next = queue?.shift();
    if (next !== undefined) {
      next.start();
    }
  }

  async #run(url: string, key: string, options: ScanFetchOptions): Promise<Fetched> {
    const remaining = this.remainingMs();
    if (remaining < MIN_USEFUL_MS) {
      return { kind: 'skipped', url, message: 'the scan ran out of time before this request' };
    }
    if (this.#issuedKeys.has(key)) {
      this.#stats.duplicateFetches += 1;
    }
    this.#issuedKeys.add(key);
    this.#stats.requests += 1;
    this.#stats.waves = Math.max(this.#stats.waves, options.depth);

    const timeoutMs = Math.max(
      1,
      Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, remaining - MIN_USEFUL_MS / 2),
    );
    try {
      const response = await this.#fetcher.fetch(url, {
        timeoutMs,
        maxBytes: options.maxBytes,
        headers: options.accept ? { accept: options.accept } : {},
        signal: this.#deadlineController.signal,
      });
      return toFetched(response, options.maxBytes);
    } catch (error) {
      return failureToFetched(url, error);
    }
  }
}

function toFetched(response: SafeFetchResponse, maxBytes: number): Fetched {
  const gunzipped = gunzipFileBody(response, maxBytes);
  return {
    kind: 'response',
    url: response.url,
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    text: gunzipped?.text ?? response.text,
    truncated: response.truncated || (gunzipped?.truncated ?? false),
    redirectCount: response.redirects.length,
  };
}

/**
 * A sitemap.xml.gz served as a file (application/gzip, no Content-Encoding) is still gzip
 * bytes; the same decoded-size cap applies.
 */
function gunzipFileBody(
  response: SafeFetchResponse,
  maxBytes: number,
): { text: string; truncated: boolean } | undefined {
  const bytes = response.body;
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || response.headers['content-encoding']) {
    return undefined;
  }
  try {
    const decoded = gunzipSync(bytes, { maxOutputLength: maxBytes });
    return { text: new TextDecoder().decode(decoded), truncated: false };
  } catch {
    // Over the cap (or corrupt): report it as truncated rather than buffer more.
    return { text: '', truncated: true };
  }
}

function failureToFetched(url: string, error: unknown): Fetched {
  if (error instanceof SafeFetchError) {
    switch (error.kind) {
      case 'blocked':
        return { kind: 'blocked', url, message: error.message };
      case 'timeout':
        return { kind: 'timeout', url, message: error.message };
      case 'network':
      case 'redirects':
        return { kind: 'network-error', url, message: error.message };
    }
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    return { kind: 'timeout', url, message: 'the scan deadline passed' };
  }
  return {
    kind: 'network-error',
    url,
    message: error instanceof Error ? error.message : String(error),
  };
}
