import { gzipSync } from 'node:zlib';
import type { BatchWriteItemCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ENTRIES } from '#shared/domain/agent-logs/aggregate';
import { getDocumentClient } from '#shared/wiring/platform';
import { startFixtureSite } from '#test/fixtures/sites/server';
import {
  ADDRESSES,
  combinedLine,
  USER_AGENTS,
  uploadLog,
  waitForIngest,
} from '#test/support/access-logs';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 30, point 5: the processing step dies mid-upload (after it wrote part of its day pages,
 * or while it reads the body) and the queue delivers the upload again. Every line is counted
 * exactly once, and while the step is down nothing of the half-written upload is read.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let domain: string;

const PATHS = PAGE_ENTRIES * 2 + 500;
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/** A log of two days whose agent fetched more paths than two pages hold each day. */
function bigLog(tag: string, gzip = true): Buffer {
  const lines = Array.from({ length: PATHS }, (_, index) =>
    combinedLine({
      address: ADDRESSES.gptbot,
      at: `${day(index % 2)}T09:00:00`,
      path: `/${tag}/${index}`,
      status: 200,
      userAgent: USER_AGENTS.gptbot,
    }),
  );
  return gzip ? gzipSync(lines.join('\n')) : Buffer.from(lines.join('\n'));
}

async function gptbot(): Promise<{ hits: number; unique_paths: number } | undefined> {
  const response = await callJson(
    stack.baseUrl,
    `/api/v1/domains/${encodeURIComponent(domain)}/agents`,
    { key },
  );
  expect(response.status).toBe(200);
  return (response.body.agents as { agent: string; hits: number; unique_paths: number }[]).find(
    (row) => row.agent === 'GPTBot',
  );
}

type Fault = (
  commandName: string,
  input: unknown,
  next: () => Promise<unknown>,
) => Promise<unknown>;
let fault: Fault | undefined;

beforeAll(async () => {
  site = await startFixtureSite('good');
  // Visibility timeouts scaled: a failed message is delivered again after about 7 s.
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' });
  key = await stack.createKey(['scans:read', 'scans:write']);
  const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: site.host },
  });
  domain = (scanned.body.scan as { domain: string }).domain;
  getDocumentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const active = fault;
      if (!active) return next(args);
      return active(context.commandName ?? '', args.input, () => next(args)) as ReturnType<
        typeof next
      >;
    },
    { step: 'initialize', name: 'agentLogFaults', priority: 'high' },
  );
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

async function uploadAndWait(body: Buffer, gzip = true): Promise<Record<string, unknown>> {
  const uploaded = await uploadLog(stack.baseUrl, key, domain, body, {
    headers: gzip ? { 'content-encoding': 'gzip' } : {},
  });
  expect(uploaded.status).toBe(202);
  const id = (uploaded.body.ingest as { id: string }).id;
  return (await waitForIngest(stack.baseUrl, key, domain, id, 90_000)).body.ingest as Record<
    string,
    unknown
  >;
}

describe('a processing step that dies and runs again', () => {
  it('counts every line once when it died after writing its first day page', async () => {
    let died = false;
    let seenWhileDown: Awaited<ReturnType<typeof gptbot>> | 'not read' = 'not read';
    fault = async (name, input, next) => {
      const items = (input as BatchWriteItemCommandInput).RequestItems;
      // The client's own stack sees the commands as DynamoDB names them (marshalled items).
      if (
        name !== 'BatchWriteItemCommand' ||
        died ||
        !JSON.stringify(items).includes('AGENTLOGS')
      ) {
        return next();
      }
      died = true;
      // Write the first page only, then die: the store keeps what was written.
      const [table, requests] = Object.entries(items ?? {})[0] ?? ['', []];
      (input as BatchWriteItemCommandInput).RequestItems = { [table]: requests.slice(0, 1) };
      await next();
      setTimeout(() => {
        gptbot().then((row) => {
          seenWhileDown = row;
        });
      }, 100);
      throw new Error('the process died after its first page');
    };
    const ingest = await uploadAndWait(bigLog('a'));
    fault = undefined;
    expect(died).toBe(true);
    expect(ingest).toMatchObject({ status: 'done', lines: PATHS, parsed: PATHS });
    // While the step was down, the half-written upload was not read.
    expect(seenWhileDown).toBeUndefined();
    expect(await gptbot()).toMatchObject({ hits: PATHS, unique_paths: PATHS });
  }, 120_000);

  it('counts every line once when it died while reading the body', async () => {
    let died = false;
    fault = async (name, input, next) => {
      if (name === 'GetItemCommand' && !died && JSON.stringify(input).includes('PART#0001')) {
        died = true;
        throw new Error('the process died mid-file');
      }
      return next();
    };
    // Sent as text, the body is kept in several parts: the step dies when it reaches the second,
    // after it has read the lines of the first.
    const ingest = await uploadAndWait(bigLog('b', false), false);
    fault = undefined;
    expect(died).toBe(true);
    expect(ingest).toMatchObject({ status: 'done', lines: PATHS });
    expect(await gptbot()).toMatchObject({ hits: 2 * PATHS, unique_paths: 2 * PATHS });
  }, 120_000);
});
