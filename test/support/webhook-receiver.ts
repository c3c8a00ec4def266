import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

/**
 * A real https webhook receiver on 127.0.0.1 for integration tests and the benchmark: a
 * self-signed certificate made with the openssl command line, trusted inside this process with
 * tls.setDefaultCACertificates (the effect NODE_EXTRA_CA_CERTS has on a process at start), every
 * request recorded with its raw body, and per-path answers that tests program.
 */
const run = promisify(execFile);

export interface LoopbackCertificate {
  key: Buffer;
  cert: Buffer;
  /** The PEM file, for NODE_EXTRA_CA_CERTS in a child process or a demo. */
  certPath: string;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1 and localhost, valid for a day. */
export async function makeLoopbackCertificate(): Promise<LoopbackCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'webhook-receiver-'));
  const keyPath = join(dir, 'receiver.key.pem');
  const certPath = join(dir, 'receiver.cert.pem');
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
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyPath,
    '-out',
    certPath,
  ]);
  return {
    key: await readFile(keyPath),
    cert: await readFile(certPath),
    certPath,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Adds the certificate to this process's default trust store; returns the undo. */
export function trustCertificate(cert: Buffer): () => void {
  const original = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...original, cert.toString('utf8')]);
  return () => tls.setDefaultCACertificates(original);
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** Date.now() when the body had arrived. */
  receivedAt: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface WebhookReceiver {
  port: number;
  /** `https://127.0.0.1:<port><path>` */
  url(path: string): string;
  received: ReceivedRequest[];
  /** Requests to one path (query string ignored). */
  at(path: string): ReceivedRequest[];
  /**
   * The answers of a path, in order; the last one repeats. Unprogrammed paths answer 200.
   * A number is a bare status.
   */
  respond(path: string, answers: readonly (number | Answer)[]): void;
  /** Resolves with the path's requests once `count` have arrived. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * The body in a buffer of its own. `Buffer.concat` of a small body is a slice of Node's shared
 * 64 KiB allocation pool (Buffer.poolSize in Node 24), and a receiver keeps every body: each one
 * would keep a whole pool alive. The soak benchmark grew about 3.5 MiB a minute from that alone.
 */
function unpooledCopy(chunks: readonly Buffer[]): Buffer {
  const body = Buffer.alloc(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(body, offset);
  return body;
}

export async function startWebhookReceiver(
  credentials: Pick<LoopbackCertificate, 'key' | 'cert'>,
): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const programs = new Map<string, Answer[]>();
  const served = new Map<string, number>();
  const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

  function answerFor(path: string): Answer {
    const answers = programs.get(path);
    const index = served.get(path) ?? 0;
    served.set(path, index + 1);
    if (!answers || answers.length === 0) return { status: 200 };
    return answers[Math.min(index, answers.length - 1)] as Answer;
  }

  const server: Server = createServer(credentials, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = pathOf(request.url);
      received.push({
        path,
        headers: request.headers,
        rawBody: unpooledCopy(chunks),
        receivedAt: Date.now(),
      });
      const answer = answerFor(path);
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const at = (path: string) => received.filter((entry) => entry.path === path);

  return {
    port,
    url: (path) => `https://127.0.0.1:${port}${path}`,
    received,
    at,
    respond(path, answers) {
      programs.set(
        path,
        answers.map((answer) => (typeof answer === 'number' ? { status: answer } : answer)),
      );
      served.delete(path);
    },
    async waitFor(path, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `${path}: ${at(path).length} of ${count} requests within ${timeoutMs} ms`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return at(path);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
