import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/server';
import { FIXTURE_SITES } from '#test/fixtures/sites/sites';
import { callJson } from '#test/support/stack';

/**
 * Issue 36, point 10: a request killed mid-flight (SIGKILL, as a function's timeout kills it, so
 * no code runs to let its key go) holds its `Idempotency-Key` only until its own deadline, the
 * function's time plus a margin, not for the 24 hours a stored response is kept. The local stack
 * runs in a child process on a data folder; the child is killed while its scan waits on a site
 * that does not answer, a new one starts on the same folder, and the retry with the same key is
 * 409 before the deadline and runs once it has passed.
 */
const FUNCTION_TIMEOUT_MS = 10_000;
const MARGIN_MS = 2_000;
const SCRIPT = join(import.meta.dirname, '../support/stack-process.ts');
const EMAIL = `deadline-${crypto.randomUUID().slice(0, 8)}@example.com`;

let dataDir: string;
let site: RunningFixtureSite;
let hang = true;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'idempotency-deadline-'));
  const good = FIXTURE_SITES.good;
  // Hangs every request while `hang` holds (the killed request), then answers as `good`.
  site = await startFixtureSite({
    routes: {},
    fallback: (context) => {
      if (hang) return { status: 200, body: '', delayMs: 120_000 };
      const route = good.routes[context.path] ?? good.fallback ?? { status: 404, body: '' };
      return typeof route === 'function' ? route(context) : route;
    },
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the stack in a child process; resolves with its URL and a key once it serves. */
function startChild(): Promise<{ child: ChildProcess; baseUrl: string; key: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SCRIPT, dataDir, EMAIL, String(FUNCTION_TIMEOUT_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'SILENT' } },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`stack process exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('{'));
      if (!line) return;
      const started = JSON.parse(line) as { base_url: string; key: string };
      resolve({ child, baseUrl: started.base_url, key: started.key });
    });
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an Idempotency-Key whose request was killed', () => {
  it('is held until the request deadline, then a retry with the key runs', async () => {
    const idem = crypto.randomUUID();
    const first = await startChild();
    const scan = (baseUrl: string, key: string) =>
      callJson(baseUrl, '/api/v1/scans', {
        method: 'POST',
        key,
        body: { domain: site.url },
        headers: { 'idempotency-key': idem },
      });
    const sentAt = Date.now();
    const cutOff = scan(first.baseUrl, first.key).catch((error: unknown) => error);
    // The scan reached the site, so its key was claimed; kill the process mid-request.
    await until(() => site.requests.length > 0, 10_000);
    await killed(first.child);
    expect(await cutOff).toBeInstanceOf(Error);
    hang = false;

    const second = await startChild();
    const early = await scan(second.baseUrl, second.key);
    expect(Date.now() - sentAt).toBeLessThan(FUNCTION_TIMEOUT_MS);
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('idempotency_key_in_flight');

    // Retried as a client would: 409 until the deadline has passed, then the scan runs.
    let retry = early;
    while (retry.status === 409 && Date.now() - sentAt < FUNCTION_TIMEOUT_MS + MARGIN_MS + 10_000) {
      await sleep(500);
      retry = await scan(second.baseUrl, second.key);
    }
    expect(Date.now() - sentAt).toBeGreaterThan(FUNCTION_TIMEOUT_MS);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const replay = await scan(second.baseUrl, second.key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(retry.body);
    await killed(second.child);
  }, 60_000);
});
