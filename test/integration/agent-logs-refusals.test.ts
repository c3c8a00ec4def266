import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import {
  ADDRESSES,
  combinedLine,
  USER_AGENTS,
  uploadLog,
  waitForIngest,
} from '#test/support/access-logs';
import { expectDocumented } from '#test/support/documented';
import { callJson, type JsonResponse, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 30, points 4 and 5 through the local front: every bad input is a clear 4xx that leaves
 * nothing behind and counts nothing, another account's domain and uploads read as 404, concurrent
 * uploads of different logs add up exactly, and the public registry needs no key.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let other: string;
let reader: string;
let openapi: Record<string, unknown>;
let domain: string;
let baseline: JsonResponse;

const today = () => new Date().toISOString().slice(0, 10);
const gptbotLine = (path: string) =>
  combinedLine({
    address: ADDRESSES.gptbot,
    at: `${today()}T08:00:00`,
    path,
    status: 200,
    userAgent: USER_AGENTS.gptbot,
  });

async function agentsOf(as = key, of = domain): Promise<JsonResponse> {
  return callJson(stack.baseUrl, `/api/v1/domains/${encodeURIComponent(of)}/agents`, { key: as });
}

function gptbotHits(response: JsonResponse): number {
  const rows = response.body.agents as { agent: string; hits: number }[];
  return rows.find((row) => row.agent === 'GPTBot')?.hits ?? 0;
}

/** gzip members expanding to `megabytes` of zeros: a few hundred KB on the wire. */
function gzipBomb(megabytes: number): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat(Array.from({ length: megabytes }, () => member));
}

beforeAll(async () => {
  site = await startFixtureSite('good');
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write']);
  other = await stack.createKey(['scans:read', 'scans:write']);
  reader = await stack.createKey(['scans:read']);
  const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: site.host },
  });
  expect(scanned.status).toBe(201);
  domain = (scanned.body.scan as { domain: string }).domain;
  openapi = (await callJson(stack.baseUrl, '/api/v1/openapi.json')).body;
  const first = await uploadLog(stack.baseUrl, key, domain, gptbotLine('/'));
  expect(first.status).toBe(202);
  await waitForIngest(stack.baseUrl, key, domain, (first.body.ingest as { id: string }).id);
  baseline = await agentsOf();
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

const UPLOAD_PATH = '/api/v1/domains/{domain}/agent-logs';

describe('bad input: a clear 4xx, nothing kept, nothing counted', () => {
  const cases: [string, () => Promise<JsonResponse>, number, string][] = [
    [
      'a body that is not a log',
      () => uploadLog(stack.baseUrl, key, domain, 'Dear diary,\nno requests today.\n'),
      422,
      'unrecognized_log_format',
    ],
    [
      'a log in another format than the one asked for',
      () => uploadLog(stack.baseUrl, key, domain, gptbotLine('/x'), { query: '?format=jsonl' }),
      422,
      'unrecognized_log_format',
    ],
    [
      'more than 6 MB as sent',
      () =>
        uploadLog(
          stack.baseUrl,
          key,
          domain,
          `${gptbotLine('/big')}\n`.repeat(Math.ceil((6 * 1024 * 1024 + 1) / 150)),
        ),
      413,
      'payload_too_large',
    ],
    [
      'gzip that expands past 200 MB',
      () =>
        uploadLog(stack.baseUrl, key, domain, gzipBomb(201), {
          headers: { 'content-type': 'application/gzip' },
        }),
      413,
      'payload_too_large',
    ],
    [
      'gzip that does not inflate',
      () =>
        uploadLog(stack.baseUrl, key, domain, Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4]), {
          headers: { 'content-type': 'application/gzip' },
        }),
      400,
      'invalid_request',
    ],
    [
      'a domain that is not a domain',
      () => uploadLog(stack.baseUrl, key, 'not a domain!', gptbotLine('/x')),
      400,
      'invalid_domain',
    ],
    [
      'a domain the account never scanned',
      () => uploadLog(stack.baseUrl, key, 'never-scanned.example', gptbotLine('/x')),
      404,
      'not_found',
    ],
    [
      'a key without scans:write',
      () => uploadLog(stack.baseUrl, reader, domain, gptbotLine('/x')),
      403,
      'insufficient_scope',
    ],
  ];

  for (const [what, send, status, code] of cases) {
    it(`refuses ${what} (${status} ${code})`, async () => {
      const response = await send();
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error?.code).toBe(code);
      expectDocumented(openapi, response, UPLOAD_PATH, 'post');
    });
  }

  it('left nothing behind: the counts are what they were', async () => {
    // An upload that was refused cannot have been queued: give any stray message time to run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await agentsOf()).body.agents).toEqual(baseline.body.agents);
  });

  it('stops a gzip bomb while it expands: the refusal comes long before 200 MB could be read', async () => {
    const started = performance.now();
    const response = await uploadLog(stack.baseUrl, key, domain, gzipBomb(400), {
      headers: { 'content-type': 'application/gzip' },
    });
    expect(response.status).toBe(413);
    // Stopped at the 200 MB cap: expanding all 400 MB would take about twice as long.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('tenancy', () => {
  it("reads another account's domain and uploads as 404, and lets it upload nothing there", async () => {
    expect((await agentsOf(other)).status).toBe(404);
    const upload = await uploadLog(stack.baseUrl, other, domain, gptbotLine('/other'));
    expect(upload.status).toBe(404);
    const mine = await uploadLog(stack.baseUrl, key, domain, gptbotLine('/mine'));
    const id = (mine.body.ingest as { id: string }).id;
    await waitForIngest(stack.baseUrl, key, domain, id);
    const foreign = await callJson(
      stack.baseUrl,
      `/api/v1/domains/${encodeURIComponent(domain)}/agent-logs/${id}`,
      { key: other },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
  });

  it('answers 404 for a domain nobody scanned, and 400 for text that is no domain', async () => {
    expect((await agentsOf(key, 'nobody-scanned.example')).status).toBe(404);
    const bad = await agentsOf(key, 'not a domain!');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('invalid_domain');
  });
});

describe('concurrent uploads of different logs', () => {
  it('add up exactly', async () => {
    const before = gptbotHits(await agentsOf());
    const logs = [3, 5, 7, 11].map((count, index) =>
      Array.from({ length: count }, (_, line) => gptbotLine(`/c${index}/${line}`)).join('\n'),
    );
    const uploads = await Promise.all(
      logs.map((log) =>
        uploadLog(stack.baseUrl, key, domain, gzipSync(log), {
          headers: { 'content-encoding': 'gzip' },
        }),
      ),
    );
    for (const upload of uploads) expect(upload.status).toBe(202);
    await Promise.all(
      uploads.map((upload) =>
        waitForIngest(stack.baseUrl, key, domain, (upload.body.ingest as { id: string }).id),
      ),
    );
    expect(gptbotHits(await agentsOf())).toBe(before + 3 + 5 + 7 + 11);
  });
});

describe('the public registry', () => {
  it('lists every agent with its purpose and dated, sourced ranges, without a key', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/agent-registry');
    expect(response.status).toBe(200);
    expectDocumented(openapi, response, '/api/v1/agent-registry', 'get');
    const agents = response.body.agents as Record<string, unknown>[];
    const operators = new Set(agents.map((agent) => agent.operator));
    expect(operators.size).toBeGreaterThanOrEqual(13);
    expect(agents.find((agent) => agent.token === 'GPTBot')).toMatchObject({
      operator: 'OpenAI',
      purpose: 'training',
      verification: 'ranges',
      ranges_source: 'https://openai.com/gptbot.json',
      ranges: expect.arrayContaining(['20.171.206.0/24']),
    });
    expect(agents.find((agent) => agent.token === 'Bytespider')).toMatchObject({
      verification: 'none',
      ranges: [],
    });
  });
});
