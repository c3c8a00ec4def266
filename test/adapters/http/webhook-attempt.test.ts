/**
 * sendAttempt against real https receivers on 127.0.0.1, through the real guarded agent.
 *
 * The receivers' certificate is self-signed, made with the openssl command line in beforeAll.
 * Deployed code trusts a local receiver through NODE_EXTRA_CA_CERTS, which Node reads only at
 * start; inside this test process the same effect comes from tls.setDefaultCACertificates
 * (Node >= 22.19), which changes the default trust store every TLS client without its own `ca`
 * uses, the guarded agent included. The original store is put back in afterAll.
 */
import { execFile } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import type { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createGuardedAgent } from '#shared/adapters/http/guarded-agent';
import { sendAttempt, WEBHOOK_USER_AGENT } from '#shared/adapters/http/webhook-attempt';
import {
  type AttemptError,
  type AttemptResponse,
  type AttemptResult,
  classifyAttempt,
} from '#shared/domain/webhooks/attempt';
import { buildDeliveryHeaders, verifyDelivery } from '#shared/domain/webhooks/signing';

const run = promisify(execFile);
const RECEIVER_HOST = 'hooks.receiver.test';
const HUGE_BODY_BYTES = 8 * 1024 * 1024;

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Receiver {
  server: Server;
  port: number;
  received: Received[];
}

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const routes: Record<string, Route> = {
  '/ok': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('thanks');
  },
  '/fail': (_request, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('receiver broke');
  },
  '/limited': (_request, response) => {
    response.writeHead(429, { 'retry-after': '120' });
    response.end();
  },
  '/gone': (_request, response) => {
    response.writeHead(410);
    response.end();
  },
  '/redirect': (_request, response) => {
    response.writeHead(302, { location: '/ok' });
    response.end();
  },
  '/slow': (_request, response) => {
    const timer = setTimeout(() => {
      response.writeHead(200);
      response.end('too late');
    }, 3_000);
    response.on('close', () => clearTimeout(timer));
  },
  '/stalled-body': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('accepted, and then nothing more');
  },
  '/huge': (_request, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < HUGE_BODY_BYTES) {
        sent += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      response.end();
    };
    response.on('error', () => {});
    pump();
  },
};

let dir: string;
let trusted: { key: Buffer; cert: Buffer };
let untrusted: { key: Buffer; cert: Buffer };
let originalCas: string[];
let receiver: Receiver;
const closeAfterEach: Array<{ close(): Promise<void> }> = [];

async function makeCertificate(name: string): Promise<{ key: Buffer; cert: Buffer }> {
  const key = join(dir, `${name}.key.pem`);
  const cert = join(dir, `${name}.cert.pem`);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${RECEIVER_HOST}`,
    '-addext',
    `subjectAltName=DNS:${RECEIVER_HOST},DNS:localhost,IP:127.0.0.1`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { key: await readFile(key), cert: await readFile(cert) };
}

async function startReceiver(credentials: { key: Buffer; cert: Buffer }): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer(credentials, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      (routes[path] ?? routes['/fail'])?.(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webhook-attempt-'));
  [trusted, untrusted] = await Promise.all([
    makeCertificate('trusted'),
    makeCertificate('untrusted'),
  ]);
  originalCas = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...originalCas, trusted.cert.toString('utf8')]);
  receiver = await startReceiver(trusted);
});

afterAll(async () => {
  tls.setDefaultCACertificates(originalCas);
  await stop(receiver.server);
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  receiver.received.length = 0;
  await Promise.all(closeAfterEach.splice(0).map((item) => item.close()));
});

function agent(options: Parameters<typeof createGuardedAgent>[0]): Agent {
  const created = createGuardedAgent(options);
  closeAfterEach.push(created);
  return created;
}

const localDemo = () => agent({ allowPrivateTargets: true });
const event = {
  id: '0b9f3c2e-4c55-4d1e-9d8e-7a1b2c3d4e5f',
  type: 'scan.completed',
  body: JSON.stringify({ id: '0b9f3c2e-4c55-4d1e-9d8e-7a1b2c3d4e5f', type: 'scan.completed' }),
};
const secret = 'ars_whsec_attempt-test';

function send(path: string, overrides: Partial<Parameters<typeof sendAttempt>[0]> = {}) {
  return sendAttempt({
    url: `https://127.0.0.1:${receiver.port}${path}`,
    headers: { ...buildDeliveryHeaders({ event, secrets: [secret], clock: systemClock }) },
    body: event.body,
    timeoutMs: 2_000,
    maxResponseBytes: 1_024,
    dispatcher: localDemo(),
    ...overrides,
  });
}

function asResponse(result: AttemptResult): AttemptResponse {
  expect(result).toHaveProperty('status');
  return result as AttemptResponse;
}

function asError(result: AttemptResult): AttemptError {
  expect(result).toHaveProperty('error');
  return result as AttemptError;
}

describe('sendAttempt over real TLS', () => {
  it('POSTs the signed body and headers and reports a 200 as delivered', async () => {
    const result = asResponse(await send('/ok'));

    expect(result.status).toBe(200);
    expect(result.bodySnippet).toBe('thanks');
    expect(result.truncated).toBe(false);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(classifyAttempt(result).outcome).toBe('delivered');
    const [request] = receiver.received;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe(event.body);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    const verified = verifyDelivery({
      headers: request?.headers ?? {},
      rawBody: request?.body ?? '',
      secrets: [secret],
    });
    expect(verified).toMatchObject({ ok: true, eventId: event.id });
  });

  it('reports a 500 with the start of its body, to be retried', async () => {
    const result = asResponse(await send('/fail'));
    expect(result.status).toBe(500);
    expect(result.bodySnippet).toBe('receiver broke');
    expect(classifyAttempt(result)).toMatchObject({ outcome: 'retry', error: 'HTTP 500' });
  });

  it('passes a 429 with Retry-After on, and a 410 stops the endpoint', async () => {
    const limited = asResponse(await send('/limited'));
    expect(limited.retryAfter).toBe('120');
    expect(classifyAttempt(limited)).toMatchObject({ outcome: 'retry', retryAfter: '120' });
    expect(classifyAttempt(asResponse(await send('/gone'))).outcome).toBe('gone');
  });

  it('does not follow a 302 and counts it as a failure', async () => {
    const result = asResponse(await send('/redirect'));

    expect(result.status).toBe(302);
    expect(result.location).toBe('/ok');
    expect(receiver.received.map((request) => request.path)).toEqual(['/redirect']);
    expect(classifyAttempt(result)).toMatchObject({ outcome: 'retry', errorClass: 'redirect' });
  });

  it('cuts a slow receiver at the timeout', async () => {
    const result = asError(await send('/slow', { timeoutMs: 300 }));

    expect(result.error.class).toBe('timeout');
    expect(result.error.message).toContain('300 ms');
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(2_000);
    expect(classifyAttempt(result).outcome).toBe('retry');
  });

  it('keeps the status of a receiver whose body stalls after the headers', async () => {
    const result = asResponse(await send('/stalled-body', { timeoutMs: 300 }));
    expect(result.status).toBe(200);
    expect(result.bodySnippet).toBe('accepted, and then nothing more');
    expect(result.truncated).toBe(true);
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('reads a huge response body only up to the cap', async () => {
    const result = asResponse(await send('/huge', { maxResponseBytes: 1_000 }));

    expect(result.status).toBe(500);
    expect(result.bodySnippet).toBe('x'.repeat(1_000));
    expect(result.truncated).toBe(true);
    // Reading 8 MiB over loopback TLS would take noticeably longer than dropping it.
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('reports an untrusted certificate as a TLS error', async () => {
    const impostor = await startReceiver(untrusted);
    closeAfterEach.push({ close: () => stop(impostor.server) });

    const result = asError(await send('/ok', { url: `https://127.0.0.1:${impostor.port}/ok` }));

    expect(result.error.class).toBe('tls');
    expect(result.error.message).toMatch(/CERT|SELF_SIGNED/);
    expect(impostor.received).toHaveLength(0);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = await startReceiver(trusted);
    await stop(closed.server);

    const result = asError(await send('/ok', { url: `https://127.0.0.1:${closed.port}/ok` }));

    expect(result.error).toEqual({
      class: 'network',
      message: 'Connection refused (ECONNREFUSED)',
    });
  });
});

describe('sendAttempt refuses destinations the policy forbids', () => {
  const toLoopback = async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }];

  it('blocks a name resolving to a private address when private targets are not allowed', async () => {
    const guarded = agent({
      allowPrivateTargets: false,
      lookup: toLoopback,
      policyExceptions: { ports: [receiver.port] },
    });
    const result = asError(
      await send('/ok', {
        url: `https://${RECEIVER_HOST}:${receiver.port}/ok`,
        dispatcher: guarded,
      }),
    );

    expect(result.error.class).toBe('blocked');
    expect(result.error.message).toContain('non-public address');
    expect(receiver.received).toHaveLength(0);
    expect(classifyAttempt(result).outcome).toBe('failed');
  });

  it('blocks a private IP literal when private targets are not allowed', async () => {
    const guarded = agent({
      allowPrivateTargets: false,
      lookup: toLoopback,
      policyExceptions: { ports: [receiver.port] },
    });
    const result = asError(await send('/ok', { dispatcher: guarded }));

    expect(result.error.class).toBe('blocked');
    expect(result.error.message).toContain('127.0.0.1 is not public');
    expect(receiver.received).toHaveLength(0);
  });

  it('reaches the same receiver by name once the address is excepted (the control case)', async () => {
    const guarded = agent({
      allowPrivateTargets: false,
      lookup: toLoopback,
      policyExceptions: { ports: [receiver.port], addresses: ['127.0.0.1'] },
    });
    const result = asResponse(
      await send('/ok', {
        url: `https://${RECEIVER_HOST}:${receiver.port}/ok`,
        dispatcher: guarded,
      }),
    );
    expect(result.status).toBe(200);
  });

  it.each([
    ['plain http', (port: number) => `http://127.0.0.1:${port}/ok`],
    ['credentials', (port: number) => `https://user:pw@127.0.0.1:${port}/ok`],
    ['an unparseable URL', (port: number) => `https://127.0.0.1:${port}:1/ok`],
  ])('never sends over %s, even in the local demo', async (_kind, build) => {
    const result = asError(await send('/ok', { url: build(receiver.port) }));
    expect(result.error.class).toBe('blocked');
    expect(receiver.received).toHaveLength(0);
  });
});
