import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import {
  ADDRESSES,
  cloudfrontLog,
  combinedLine,
  jsonLine,
  type Request,
  USER_AGENTS,
  uploadLog,
  waitForIngest,
} from '#test/support/access-logs';
import { expectDocumented } from '#test/support/documented';
import { callJson, type JsonResponse, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 30 through the local front: each format, the verified, spoofed and unverifiable labels,
 * the pages of the scanned fixture site's sitemap no verified agent fetched, a refusal its
 * robots.txt contradicts, the same log uploaded again, every bad input, tenancy, concurrent
 * uploads adding up, and every answer documented by the served OpenAPI document.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let openapi: Record<string, unknown>;
let domain: string;

const day = (back: number, time = '10:00:00') =>
  `${new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)}T${time}`;

const LOG_A: Request[] = [
  { address: ADDRESSES.gptbot, at: day(2), path: '/', status: 200, userAgent: USER_AGENTS.gptbot },
  {
    address: ADDRESSES.outside,
    at: day(2),
    path: '/pricing',
    status: 200,
    userAgent: USER_AGENTS.gptbot,
  },
  {
    address: ADDRESSES.gptbot,
    at: day(2, '11:00:00'),
    path: '/pricing',
    status: 403,
    userAgent: USER_AGENTS.gptbot,
  },
  {
    address: ADDRESSES.searchbot,
    at: day(2),
    path: '/docs/getting-started',
    status: 403,
    userAgent: USER_AGENTS.searchbot,
  },
  {
    address: ADDRESSES.outside,
    at: day(2),
    path: '/blog/agent-ready',
    status: 403,
    userAgent: USER_AGENTS.claudebot,
  },
  {
    address: ADDRESSES.outside,
    at: day(2),
    path: '/blog/agent-ready',
    status: 200,
    userAgent: USER_AGENTS.meta,
  },
  { address: ADDRESSES.person, at: day(2), path: '/', status: 200, userAgent: USER_AGENTS.person },
];
const LOG_B: Request[] = [
  {
    address: ADDRESSES.perplexity,
    at: day(1),
    path: '/pricing',
    status: 200,
    userAgent: USER_AGENTS.perplexity,
  },
  {
    address: ADDRESSES.claudebot,
    at: day(1),
    path: '/docs/getting-started',
    status: 200,
    userAgent: USER_AGENTS.claudebot,
  },
];
const LOG_C: Request[] = [
  {
    address: ADDRESSES.outside,
    at: day(1),
    path: '/docs/getting-started',
    status: 200,
    userAgent: USER_AGENTS.perplexity,
  },
  { address: ADDRESSES.gptbot, at: day(1), path: '/', status: 304, userAgent: USER_AGENTS.gptbot },
];
const COMBINED_A = `${LOG_A.map(combinedLine).join('\n')}\nthis line is not a request\n`;

async function agentsOf(as = key, query = ''): Promise<JsonResponse> {
  return callJson(stack.baseUrl, `/api/v1/domains/${encodeURIComponent(domain)}/agents${query}`, {
    key: as,
  });
}

function agentRow(response: JsonResponse, token: string): Record<string, unknown> | undefined {
  return (response.body.agents as Record<string, unknown>[]).find((row) => row.agent === token);
}

const AGENTS_PATH = '/api/v1/domains/{domain}/agents';
const UPLOAD_PATH = '/api/v1/domains/{domain}/agent-logs';
const INGEST_PATH = '/api/v1/domains/{domain}/agent-logs/{id}';

async function uploadAndWait(body: Uint8Array | string, headers: Record<string, string> = {}) {
  const uploaded = await uploadLog(stack.baseUrl, key, domain, body, { headers });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  expectDocumented(openapi, uploaded, UPLOAD_PATH, 'post');
  const id = (uploaded.body.ingest as { id: string }).id;
  const done = await waitForIngest(stack.baseUrl, key, domain, id);
  expectDocumented(openapi, done, INGEST_PATH, 'get');
  return { uploaded, done: done.body.ingest as Record<string, unknown> };
}

beforeAll(async () => {
  site = await startFixtureSite('good');
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write']);
  const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: site.host },
  });
  expect(scanned.status).toBe(201);
  domain = (scanned.body.scan as { domain: string }).domain;
  openapi = (await callJson(stack.baseUrl, '/api/v1/openapi.json')).body;
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

describe('uploading a log in each format', () => {
  it('reads a combined log sent as text: lines, parsed, skipped with its reason, agents', async () => {
    const { uploaded, done } = await uploadAndWait(COMBINED_A);
    expect(uploaded.body.ingest).toEqual({
      id: expect.any(String),
      domain,
      status: 'queued',
      bytes: Buffer.byteLength(COMBINED_A),
      format: 'combined',
    });
    expect(done).toMatchObject({ status: 'done', lines: 8, parsed: 7, skipped: 1 });
    expect(done.skipped_reasons).toEqual([{ line: 8, reason: 'not a combined log line' }]);
    expect(done.agents).toEqual(['ClaudeBot', 'GPTBot', 'Meta-ExternalAgent', 'OAI-SearchBot']);
  });

  it('reads a CloudFront log sent with Content-Encoding: gzip', async () => {
    const { uploaded, done } = await uploadAndWait(gzipSync(cloudfrontLog(LOG_B)), {
      'content-encoding': 'gzip',
    });
    expect(uploaded.body.ingest).toMatchObject({ format: 'cloudfront' });
    expect(done).toMatchObject({ status: 'done', lines: 2, parsed: 2, skipped: 0 });
    expect(done.agents).toEqual(['ClaudeBot', 'PerplexityBot']);
  });

  it('reads Cloudflare JSON lines sent as application/gzip', async () => {
    const { uploaded, done } = await uploadAndWait(gzipSync(LOG_C.map(jsonLine).join('\n')), {
      'content-type': 'application/gzip',
    });
    expect(uploaded.body.ingest).toMatchObject({ format: 'jsonl' });
    expect(done).toMatchObject({ status: 'done', lines: 2, parsed: 2 });
  });
});

describe("the domain's agents", () => {
  it('labels hits verified, spoofed or unverifiable against the published ranges', async () => {
    const response = await agentsOf();
    expect(response.status).toBe(200);
    expectDocumented(openapi, response, AGENTS_PATH, 'get');
    expect(Object.keys(response.body).sort()).toEqual([
      'agents',
      'conflicts',
      'meta',
      'never_fetched',
    ]);
    expect(agentRow(response, 'GPTBot')).toMatchObject({
      operator: 'OpenAI',
      purpose: 'training',
      hits: 4,
      verified_hits: 3,
      spoofed_hits: 1,
      unique_paths: 2,
      status: { '2xx': 2, '3xx': 1, '4xx': 1, '5xx': 0 },
      top_paths: [
        { path: '/', hits: 2 },
        { path: '/pricing', hits: 2 },
      ],
    });
    expect(agentRow(response, 'ClaudeBot')).toMatchObject({
      hits: 2,
      verified_hits: 1,
      spoofed_hits: 1,
    });
    expect(agentRow(response, 'PerplexityBot')).toMatchObject({
      hits: 2,
      verified_hits: 1,
      spoofed_hits: 1,
    });
    expect(agentRow(response, 'Meta-ExternalAgent')).toMatchObject({
      hits: 1,
      verified_hits: 0,
      spoofed_hits: 0,
    });
  });

  it("lists the sitemap's pages no verified agent got, against the scanned fixture site", async () => {
    const response = await agentsOf();
    // Verified agents got /, /docs/getting-started (ClaudeBot) and /pricing (PerplexityBot);
    // /blog/agent-ready only reached an unverifiable agent and a spoofed one.
    expect(response.body.never_fetched).toEqual(['/blog/agent-ready']);
  });

  it("reports a refusal the site's robots.txt contradicts, and no other", async () => {
    const response = await agentsOf();
    // GPTBot's 403 on /pricing is what robots.txt asks for; the spoofed ClaudeBot's 403 is the
    // firewall doing its job. OAI-SearchBot, allowed everywhere, got 403.
    expect(response.body.conflicts).toEqual([
      {
        agent: 'OAI-SearchBot',
        path: '/docs/getting-started',
        status: 403,
        robots: expect.stringMatching(
          /^allowed by "Allow: \/" \(line \d+\) in the OAI-SearchBot group$/,
        ),
      },
    ]);
  });

  it('reads a period with from and to, and refuses a backwards one', async () => {
    const yesterday = day(1).slice(0, 10);
    const response = await agentsOf(key, `?from=${yesterday}&to=${yesterday}`);
    expect(response.status).toBe(200);
    expect(agentRow(response, 'GPTBot')).toMatchObject({ hits: 1 });
    expect(agentRow(response, 'OAI-SearchBot')).toBeUndefined();
    const backwards = await agentsOf(key, `?from=${yesterday}&to=2020-01-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.code).toBe('invalid_request');
  });
});

describe('the same log again', () => {
  it('answers 200 with the upload it made, compressed or not, and counts nothing twice', async () => {
    const before = await agentsOf();
    const again = await uploadLog(stack.baseUrl, key, domain, gzipSync(COMBINED_A), {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(again.status).toBe(200);
    expectDocumented(openapi, again, UPLOAD_PATH, 'post');
    expect(again.body.ingest).toMatchObject({ domain, status: 'done', format: 'combined' });
    const plain = await uploadLog(stack.baseUrl, key, domain, COMBINED_A);
    expect(plain.status).toBe(200);
    expect((plain.body.ingest as { id: string }).id).toBe((again.body.ingest as { id: string }).id);
    expect((await agentsOf()).body.agents).toEqual(before.body.agents);
  });
});
