/**
 * The fetch layer of one scan: every URL + variant is fetched at most once (callers share one
 * promise), requests to one origin run at most `perOrigin` at a time with the critical path
 * first (lower priority number), and every request gets a fair budget that is trimmed to the
 * scan deadline.
 *
 * Budgets decide whose fault a missing answer is. A request that had its whole budget and got
 * no answer is the site's slowness (`timeout`, scored like a missing document: agents do not
 * wait either). A request the deadline cut short, or never started, is the scanner's
 * (`skipped`, unknown). Budgets are shares of the deadline sized so that the longest chain
 * of dependent requests (robots.txt, sitemap, child sitemap, sample) fits in it.
 *
 * It also keeps the figures the benchmark reports: requests issued, sequential waves (a
 * request is one wave after the answers it was derived from, and one wave after the request
 * whose connection slot it waited for: with slots handed out first come, first served, the k-th
 * request started on an origin takes the slot of the (k - perOrigin)-th), and repeats of the
 * same key (the memo makes them impossible; the counter proves it).
 */
import { gunzipSync } from 'node:zlib';
import {
  BlockedTargetError,
  FetchNetworkError,
  SafeFetchError,
} from '#shared/domain/kernel/net/fetch-errors';
import {
  DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN,
  type SafeFetcher,
  type SafeFetchResponse,
} from '#shared/domain/kernel/net/fetcher';
import type { Fetched } from './artifacts.ts';

/** homepage: GET / as HTML; document: anything on the site; third-party: sameAs, Wikidata. */
export type BudgetKind = 'homepage' | 'document' | 'third-party';

export interface ScanFetchOptions {
  /** Sent as the Accept header; part of the memo key. */
  accept?: string;
  maxBytes: number;
  /** Lower runs first when the origin's slots are busy. 0 = critical path. */
  priority: number;
  /** The answers this request was derived from (it cannot start before them). */
  after?: readonly Fetched[];
  budget?: BudgetKind;
}

export interface ScanFetchStats {
  requests: number;
  waves: number;
  duplicateFetches: number;
}

/** Upper bounds and shares of the deadline per budget kind (25 s deadline: 10 s, 6 s, 4 s). */
const BUDGETS: Record<BudgetKind, { capMs: number; share: number }> = {
  homepage: { capMs: 10_000, share: 0.4 },
  document: { capMs: 6_000, share: 0.24 },
  'third-party': { capMs: 4_000, share: 0.16 },
};

/** Below this much time left we do not start a request at all. */
const MIN_USEFUL_MS = 150;

interface QueuedRequest {
  priority: number;
  sequence: number;
  start: () => void;
}

export class ScanFetcher {
  readonly #fetcher: SafeFetcher;
  readonly #deadlineMs: number;
  readonly #deadlineAt: number;
  readonly #now: () => number;
  readonly #perOrigin: number;
  readonly #memo = new Map<string, Promise<Fetched>>();
  readonly #issuedKeys = new Set<string>();
  readonly #waves = new Map<string, number>();
  readonly #active = new Map<string, number>();
  /** Waves of the requests started on each origin, in start order (slot accounting). */
  readonly #startedWaves = new Map<string, number[]>();
  readonly #queues = new Map<string, QueuedRequest[]>();
  readonly #deadlineController = new AbortController();
  #deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  #sequence = 0;
  #stats: ScanFetchStats = { requests: 0, waves: 0, duplicateFetches: 0 };
  #answered = false;

  constructor(
    fetcher: SafeFetcher,
    options: { deadlineAt: number; now: () => number; perOrigin?: number },
  ) {
    this.#fetcher = fetcher;
    this.#now = options.now;
    this.#deadlineAt = options.deadlineAt;
    this.#deadlineMs = Math.max(0, options.deadlineAt - options.now());
    this.#perOrigin = options.perOrigin ?? DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN;
    this.#deadlineTimer = setTimeout(
      () => this.#deadlineController.abort(new DOMException('scan deadline', 'TimeoutError')),
      this.#deadlineMs,
    );
  }

  get stats(): ScanFetchStats {
    return { ...this.#stats };
  }

  /** Whether any request of the scan got an HTTP answer (a site that never answers got none). */
  get answered(): boolean {
    return this.#answered;
  }

  remainingMs(): number {
    return this.#deadlineAt - this.#now();
  }

  /** The fair time one request of this kind gets in this scan. */
  budgetMs(kind: BudgetKind): number {
    const { capMs, share } = BUDGETS[kind];
    return Math.max(MIN_USEFUL_MS, Math.min(capMs, Math.floor(this.#deadlineMs * share)));
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
    const dependencyWave = 1 + Math.max(0, ...(options.after ?? []).map((f) => this.#waveOf(f)));
    return new Promise<Fetched>((resolve) => {
      const start = () => {
        const started = this.#startedWaves.get(origin) ?? [];
        this.#startedWaves.set(origin, started);
        const wave = Math.max(dependencyWave, slotWave(started, this.#perOrigin));
        started.push(wave);
        this.#active.set(origin, (this.#active.get(origin) ?? 0) + 1);
        this.#run(url, key, options, wave)
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
    this.#queues.get(origin)?.shift()?.start();
  }

  #waveOf(fetched: Fetched): number {
    return this.#waves.get(fetched.url) ?? 1;
  }

  async #run(url: string, key: string, options: ScanFetchOptions, wave: number): Promise<Fetched> {
    const remaining = this.remainingMs();
    if (remaining < MIN_USEFUL_MS) {
      return { kind: 'skipped', url, message: 'the scan ran out of time before this request' };
    }
    if (this.#issuedKeys.has(key)) {
      this.#stats.duplicateFetches += 1;
    }
    this.#issuedKeys.add(key);
    this.#stats.requests += 1;
    this.#stats.waves = Math.max(this.#stats.waves, wave);
    this.#waves.set(url, Math.max(wave, this.#waves.get(url) ?? 0));

    const budgetMs = this.budgetMs(options.budget ?? 'document');
    const timeoutMs = Math.max(1, Math.min(budgetMs, remaining - MIN_USEFUL_MS / 2));
    const startedAt = this.#now();
    try {
      const response = await this.#fetcher.fetch(url, {
        timeoutMs,
        maxBytes: options.maxBytes,
        headers: options.accept ? { accept: options.accept } : {},
        signal: this.#deadlineController.signal,
      });
      this.#answered = true;
      return toFetched(response, options.maxBytes, this.#now() - startedAt);
    } catch (error) {
      const hadWholeBudget = this.#now() - startedAt >= budgetMs - 1;
      return failureToFetched(url, error, hadWholeBudget ? budgetMs : undefined);
    }
  }
}

/** The wave of the slot the next request on an origin takes (see the module comment). */
function slotWave(startedWaves: readonly number[], perOrigin: number): number {
  const previous = startedWaves[startedWaves.length - perOrigin];
  return previous === undefined ? 1 : previous + 1;
}

function toFetched(response: SafeFetchResponse, maxBytes: number, elapsedMs: number): Fetched {
  const gunzipped = gunzipFileBody(response, maxBytes);
  const bytes = response.body;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return {
    ...(bom ? { bom } : {}),
    kind: 'response',
    url: response.url,
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    text: gunzipped?.text ?? response.text,
    truncated: response.truncated || (gunzipped?.truncated ?? false),
    redirectCount: response.redirects.length,
    elapsedMs,
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

/**
 * `wholeBudgetMs` is set when the request ran for its whole fair budget: only then is a
 * timeout the site's slowness; a shorter wait was the deadline's doing.
 */
function failureToFetched(url: string, error: unknown, wholeBudgetMs: number | undefined): Fetched {
  const isTimeout =
    (error instanceof SafeFetchError && error.kind === 'timeout') ||
    (error instanceof Error && error.name === 'TimeoutError');
  if (isTimeout) {
    return wholeBudgetMs === undefined
      ? { kind: 'skipped', url, message: 'cut short by the scan deadline (spent elsewhere)' }
      : {
          kind: 'timeout',
          url,
          message: error instanceof Error ? error.message : 'timeout',
          budgetMs: wholeBudgetMs,
        };
  }
  if (error instanceof SafeFetchError) {
    switch (error.kind) {
      case 'blocked':
        return error instanceof BlockedTargetError && error.reason === 'not_loopback'
          ? { kind: 'blocked', url, message: error.message, offline: true }
          : { kind: 'blocked', url, message: error.message };
      case 'redirects':
        return { kind: 'redirect-loop', url, message: error.message };
      default:
        return error instanceof FetchNetworkError
          ? { kind: 'network-error', url, message: error.message, reason: error.reason }
          : { kind: 'network-error', url, message: error.message };
    }
  }
  return {
    kind: 'network-error',
    url,
    message: error instanceof Error ? error.message : String(error),
  };
}
