import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentReadiness, AgentReadinessError, CURSOR_LISTS, WaitTimeoutError } from '#client/index';
import { buildOpenApiDocument } from '#shared/surfaces/api/openapi';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';

/**
 * The hand-written layer of the client, with the network replaced by a scripted fetch (the
 * faults it injects, 429 and 503 with Retry-After, are hard to provoke on the real stack). The
 * same layer runs against the real stack in readme.test.ts.
 */
const META = { pricing: { model: 'free' }, generated_at: '2026-01-01T00:00:00.000Z', docs: 'x' };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers },
  });
}

function envelope(code: string, message = 'no') {
  return { error: { code, message }, meta: META };
}

/** A fetch that answers from a script and records what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const next = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (!next) throw new Error('no answer scripted');
    return next();
  };
  return { fetch, requests };
}

const STATS = { stats: { scans: 1, domains: 1, median_score: null }, meta: META };

describe('errors', () => {
  it('throws the envelope code, status, request id and Retry-After', async () => {
    const { fetch } = scripted(() =>
      json(429, envelope('quota_exceeded', 'daily limit'), { 'retry-after': '3600' }),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    const error = await client.createBatch(['a.example']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentReadinessError);
    expect(error).toMatchObject({
      status: 429,
      code: 'quota_exceeded',
      requestId: 'req-1',
      retryAfterSeconds: 3600,
      message: 'quota_exceeded: daily limit',
    });
  });

  it('names a body that is not an envelope unexpected_response', async () => {
    const { fetch } = scripted(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    await expect(client.stats()).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
    });
  });
});

describe('retries', () => {
  it('retries a 503 after the Retry-After seconds and then succeeds', async () => {
    const { fetch, requests } = scripted(
      () => json(503, envelope('service_unavailable'), { 'retry-after': '1' }),
      () => json(200, STATS),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    const started = Date.now();
    await expect(client.stats()).resolves.toMatchObject({ stats: { scans: 1 } });
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('sends the same Idempotency-Key and body with every retry of a create', async () => {
    const { fetch, requests } = scripted(
      () => json(429, envelope('rate_limited'), { 'retry-after': '0' }),
      () => json(429, envelope('rate_limited'), { 'retry-after': '0' }),
      () => json(202, { job: { id: 'j' }, accepted: [], rejected: [], meta: META }),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', apiKey: 'ars_k', fetch });
    await client.createBatch(['a.example']);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const request of requests) {
      expect(await request.json()).toEqual({ domains: ['a.example'] });
      expect(request.headers.get('authorization')).toBe('Bearer ars_k');
    }
  });

  it('uses the caller’s Idempotency-Key, and a fresh one for each call otherwise', async () => {
    const { fetch, requests } = scripted(() =>
      json(201, { run: { id: 'r', status: 'queued' }, meta: META }),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    await client.createRun('c', {}, { idempotencyKey: 'mine-1' });
    await client.createRun('c');
    await client.createRun('c');
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('mine-1');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('stops after maxRetries and reports the last answer', async () => {
    const { fetch, requests } = scripted(() =>
      json(503, envelope('auth_unavailable'), { 'retry-after': '0' }),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    await expect(client.stats()).rejects.toMatchObject({ code: 'auth_unavailable' });
    expect(requests).toHaveLength(4);
  });

  it('does not wait for a Retry-After longer than maxDelayMs, nor retry other statuses', async () => {
    const long = scripted(() => json(429, envelope('quota_exceeded'), { 'retry-after': '61' }));
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch: long.fetch });
    const started = Date.now();
    await expect(client.stats()).rejects.toMatchObject({ retryAfterSeconds: 61 });
    expect(long.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(500);
    const failed = scripted(() => json(500, envelope('internal_error')));
    const other = new AgentReadiness({ baseUrl: 'http://api.test', fetch: failed.fetch });
    await expect(other.stats()).rejects.toMatchObject({ code: 'internal_error' });
    expect(failed.requests).toHaveLength(1);
  });
});

describe('pagination', () => {
  it('has an iterator for every cursor list of the OpenAPI document', () => {
    const document = buildOpenApiDocument('https://api.example.com');
    const cursorLists = Object.entries(document.paths ?? {})
      .filter(([, item]) => {
        const ok = item?.get?.responses?.['200'] as
          | { content?: Record<string, { schema?: { properties?: object } }> }
          | undefined;
        return 'next_cursor' in (ok?.content?.['application/json']?.schema?.properties ?? {});
      })
      .map(([path]) => path);
    expect(cursorLists.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(CURSOR_LISTS).sort()).toEqual(cursorLists.sort());
  });

  it('follows next_cursor until it is null, passing the query along', async () => {
    const pages = [
      { cases: [{ id: '1' }, { id: '2' }], next_cursor: 'c2', meta: META },
      { cases: [{ id: '3' }], next_cursor: null, meta: META },
    ];
    const { fetch, requests } = scripted(
      () => json(200, pages[0]),
      () => json(200, pages[1]),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test/', fetch });
    const ids: string[] = [];
    for await (const entry of client.cases({ q: 'acme', limit: 2 })) ids.push(entry.id);
    expect(ids).toEqual(['1', '2', '3']);
    expect(requests.map((request) => request.url)).toEqual([
      'http://api.test/api/v1/cases?q=acme&limit=2',
      'http://api.test/api/v1/cases?q=acme&limit=2&cursor=c2',
    ]);
  });
});

describe('waitForBatch and waitForRun', () => {
  const job = (status: string) =>
    json(200, { job: { id: 'j', status, counts: {} }, results: [], meta: META });

  it('polls the batch until it ends', async () => {
    const { fetch, requests } = scripted(
      () => job('queued'),
      () => job('running'),
      () => job('done'),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch });
    const seen: string[] = [];
    const done = await client.waitForBatch('j', { intervalMs: 1, onPoll: (s) => seen.push(s) });
    expect(done.job.status).toBe('done');
    expect(seen).toEqual(['queued', 'running', 'done']);
    expect(requests).toHaveLength(3);
  });

  it('finds the run in the case’s runs and gives up with WaitTimeoutError', async () => {
    const runs = (status: string) =>
      json(200, {
        runs: [
          { id: 'other', status: 'done' },
          { id: 'r', status },
        ],
        meta: META,
      });
    const ended = scripted(
      () => runs('running'),
      () => runs('failed'),
    );
    const client = new AgentReadiness({ baseUrl: 'http://api.test', fetch: ended.fetch });
    await expect(client.waitForRun('c', 'r', { intervalMs: 1 })).resolves.toMatchObject({
      id: 'r',
      status: 'failed',
    });
    const stuck = scripted(() => runs('queued'));
    const slow = new AgentReadiness({ baseUrl: 'http://api.test', fetch: stuck.fetch });
    const error = await slow
      .waitForRun('c', 'r', { intervalMs: 5, timeoutMs: 30 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ lastStatus: 'queued' });
  });
});

describe('the package', () => {
  it('imports nothing but its own files and openapi-fetch', async () => {
    const dir = new URL('../../client/src/', import.meta.url).pathname;
    const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = await readFile(join(dir, file), 'utf8');
      for (const [, specifier] of source.matchAll(/\bfrom '([^']+)'/g)) {
        expect(specifier, file).toMatch(/^(\.\.?\/|openapi-fetch$)/);
      }
    }
  });

  it('is named on the docs page and in the main README', async () => {
    expect(renderDocsPage('https://api.example.com').toString()).toMatch(
      /<p id="client">[\s\S]*@agent-readiness\/client[\s\S]*client\/README\.md/,
    );
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('](client/README.md)');
  });
});
