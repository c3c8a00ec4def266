/**
 * The client: base URL and key given once, every route typed from the OpenAPI document
 * (`client.api`, openapi-fetch), and helpers for what callers do most: scan, read stats, run a
 * batch to its end, create a case and run it to its end, read the summary, manage webhooks,
 * page through lists. Errors are thrown as `AgentReadinessError`; 429 and 503 are retried
 * (retry.ts).
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { AgentReadinessError, WaitTimeoutError } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import {
  type CursorListPath,
  type ItemOf,
  type ListQuery,
  type PageFetcher,
  paginate,
} from './pagination.ts';
import { type RetryOptions, sleep, withRetries } from './retry.ts';
import type {
  CreateCaseRequest,
  CreateWebhookRequest,
  PatchCaseRequest,
  ResponseOf,
  UpdateWebhookRequest,
} from './types.ts';

export interface ClientOptions {
  /** Where the API lives, without `/api/v1` (e.g. `https://api.example.com`). */
  baseUrl: string;
  /** A bearer key (`ars_…`). Optional: scans and stats also answer without one. */
  apiKey?: string | undefined;
  retry?: RetryOptions;
  /** A fetch to use instead of the global one (proxies, tests). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface CreateOptions {
  /**
   * Sent as `Idempotency-Key`. Without it the client makes one per call, so the call's own
   * retries never create twice; pass your own to make retries across processes safe too.
   */
  idempotencyKey?: string;
}

export interface WaitOptions {
  /** Time between polls, in ms (default 2000). */
  intervalMs?: number;
  /** Give up after this long, in ms (default 15 minutes), with a `WaitTimeoutError`. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with every status read, the last one included. */
  onPoll?: (status: string) => void;
}

const END_STATES = new Set(['done', 'failed']);

type Result<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok || data === undefined) throw new AgentReadinessError(response, error ?? data);
  return data;
}

function idempotency(options: CreateOptions): { 'idempotency-key': string } {
  return { 'idempotency-key': options.idempotencyKey ?? crypto.randomUUID() };
}

export class AgentReadiness {
  /** Every route of the API, typed: `client.api.GET('/api/v1/scans/{id}', …)`. */
  readonly api: Client<paths>;

  constructor(options: ClientOptions) {
    const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createFetchClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      fetch: withRetries(baseFetch, options.retry),
    });
  }

  // Scans

  /** Scans a domain now; answers when the scan is finished (typically 5 to 30 s). */
  scan(domain: string, options: CreateOptions = {}): Promise<ResponseOf<'scan_domain'>> {
    return unwrap(
      this.api.POST('/api/v1/scans', { body: { domain }, headers: idempotency(options) }),
    );
  }

  getScan(id: string): Promise<ResponseOf<'get_scan'>> {
    return unwrap(this.api.GET('/api/v1/scans/{id}', { params: { path: { id } } }));
  }

  stats(): Promise<ResponseOf<'get_stats'>> {
    return unwrap(this.api.GET('/api/v1/stats'));
  }

  // Batches

  createBatch(domains: string[], options: CreateOptions = {}): Promise<ResponseOf<'create_batch'>> {
    return unwrap(
      this.api.POST('/api/v1/scans/batch', { body: { domains }, headers: idempotency(options) }),
    );
  }

  getBatch(id: string): Promise<ResponseOf<'get_batch'>> {
    return unwrap(this.api.GET('/api/v1/scans/batch/{id}', { params: { path: { id } } }));
  }

  /** Polls the batch until it is `done` or `failed`; returns its last status answer. */
  async waitForBatch(id: string, options: WaitOptions = {}): Promise<ResponseOf<'get_batch'>> {
    return this.poll(`batch ${id}`, options, async () => {
      const answer = await this.getBatch(id);
      return { status: answer.job.status, value: answer };
    });
  }

  // Cases and runs

  createCase(body: CreateCaseRequest, options: CreateOptions = {}) {
    return unwrap(this.api.POST('/api/v1/cases', { body, headers: idempotency(options) }));
  }

  getCase(id: string): Promise<ResponseOf<'get_case'>> {
    return unwrap(this.api.GET('/api/v1/cases/{id}', { params: { path: { id } } }));
  }

  updateCase(id: string, body: PatchCaseRequest): Promise<ResponseOf<'patch_case'>> {
    return unwrap(this.api.PATCH('/api/v1/cases/{id}', { params: { path: { id } }, body }));
  }

  /** The result of the case's most recent finished run (409 `no_run` before the first). */
  caseSummary(id: string): Promise<ResponseOf<'get_case_summary'>> {
    return unwrap(this.api.GET('/api/v1/cases/{id}/summary', { params: { path: { id } } }));
  }

  listRuns(caseId: string, query: { limit?: number } = {}): Promise<ResponseOf<'list_runs'>> {
    return unwrap(
      this.api.GET('/api/v1/cases/{id}/runs', { params: { path: { id: caseId }, query } }),
    );
  }

  /** Queues a run of the case (Pro plan; 409 `run_pending` while one is queued or running). */
  createRun(
    caseId: string,
    body: { label?: string } = {},
    options: CreateOptions = {},
  ): Promise<ResponseOf<'create_run'>> {
    return unwrap(
      this.api.POST('/api/v1/cases/{id}/runs', {
        params: { path: { id: caseId } },
        body,
        headers: idempotency(options),
      }),
    );
  }

  /** Polls the case's runs until this run is `done` or `failed`; returns the run. */
  async waitForRun(caseId: string, runId: string, options: WaitOptions = {}) {
    return this.poll(`run ${runId}`, options, async () => {
      const { runs } = await this.listRuns(caseId, { limit: 100 });
      const run = runs.find((candidate) => candidate.id === runId);
      return { status: run?.status ?? 'not listed yet', value: run };
    });
  }

  // Webhooks

  listWebhooks(): Promise<ResponseOf<'list_webhooks'>> {
    return unwrap(this.api.GET('/api/v1/webhooks'));
  }

  /** Registers a receiver; the answer's `secret` is shown only here: keep it. */
  createWebhook(body: CreateWebhookRequest, options: CreateOptions = {}) {
    return unwrap(this.api.POST('/api/v1/webhooks', { body, headers: idempotency(options) }));
  }

  updateWebhook(id: string, body: UpdateWebhookRequest): Promise<ResponseOf<'update_webhook'>> {
    return unwrap(this.api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id } }, body }));
  }

  deleteWebhook(id: string): Promise<ResponseOf<'delete_webhook'>> {
    return unwrap(this.api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } }));
  }

  /** Sends a signed `webhook.test` delivery to the endpoint. */
  testWebhook(id: string): Promise<ResponseOf<'test_webhook'>> {
    return unwrap(this.api.POST('/api/v1/webhooks/{id}/test', { params: { path: { id } } }));
  }

  // Lists, page after page

  /** Every item of a cursor list, fetching pages as the loop needs them. */
  paginate<P extends CursorListPath>(
    path: P,
    query?: ListQuery<P>,
    pathParams: Record<string, string> = {},
  ) {
    return paginate(this.fetchPage, path, query, pathParams);
  }

  scans(query?: ListQuery<'/api/v1/scans'>): AsyncGenerator<ItemOf<'/api/v1/scans'>> {
    return this.paginate('/api/v1/scans', query);
  }

  batches(query?: ListQuery<'/api/v1/scans/batch'>): AsyncGenerator<ItemOf<'/api/v1/scans/batch'>> {
    return this.paginate('/api/v1/scans/batch', query);
  }

  cases(query?: ListQuery<'/api/v1/cases'>): AsyncGenerator<ItemOf<'/api/v1/cases'>> {
    return this.paginate('/api/v1/cases', query);
  }

  /** The account's audit log, newest first (a key with `account:manage`). */
  auditLog(
    query?: ListQuery<'/api/v1/account/audit-log'>,
  ): AsyncGenerator<ItemOf<'/api/v1/account/audit-log'>> {
    return this.paginate('/api/v1/account/audit-log', query);
  }

  /** Every stored answer of one run (`format` is for exports: leave it unset here). */
  runAnswers(
    caseId: string,
    runId: string,
    query?: ListQuery<'/api/v1/cases/{id}/runs/{run_id}/answers'>,
  ): AsyncGenerator<ItemOf<'/api/v1/cases/{id}/runs/{run_id}/answers'>> {
    return this.paginate('/api/v1/cases/{id}/runs/{run_id}/answers', query, {
      id: caseId,
      run_id: runId,
    });
  }

  private readonly fetchPage: PageFetcher = (path, query, pathParams) => {
    // One generic GET over the list paths: their query and answer types differ, and
    // CURSOR_LISTS names the field that holds each one's items.
    const get = this.api.GET as unknown as (
      path: string,
      init: { params: { query: Record<string, unknown>; path: Record<string, string> } },
    ) => Promise<Result<Record<string, unknown>>>;
    return unwrap(get(path, { params: { query, path: pathParams } }));
  };

  private async poll<T>(
    what: string,
    options: WaitOptions,
    read: () => Promise<{ status: string; value: T }>,
  ): Promise<NonNullable<T>> {
    const intervalMs = options.intervalMs ?? 2000;
    const timeoutMs = options.timeoutMs ?? 15 * 60_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { status, value } = await read();
      options.onPoll?.(status);
      if (END_STATES.has(status) && value !== undefined && value !== null) return value;
      if (Date.now() + intervalMs > deadline) throw new WaitTimeoutError(what, status, timeoutMs);
      await sleep(intervalMs, options.signal);
    }
  }
}
