/**
 * A tiny loopback server that answers every request with one canned response, and records
 * what the adapter sent. Used to replay the hand-written fixtures in test/fixtures/providers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from '#shared/adapters/http/http-client';
import type { FamilyConfig } from '#shared/adapters/providers/config';
import { createProvider } from '#shared/adapters/providers/index';
import {
  type AskRequest,
  type AskResult,
  ProviderError,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';

export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string;
  /** Waits this long before answering (timeout tests). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FixtureServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const FIXTURES = new URL('../../../fixtures/providers/', import.meta.url);

export function fixture(family: ProviderFamily, name: string): string {
  return readFileSync(new URL(`${family}/${name}`, FIXTURES), 'utf8');
}

export async function serveCanned(canned: CannedResponse): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      const respond = () => {
        if (res.destroyed) return;
        res.writeHead(canned.status ?? 200, {
          'content-type': 'application/json',
          ...canned.headers,
        });
        res.end(canned.body);
      };
      if (!canned.delayMs) return respond();
      const timer = setTimeout(respond, canned.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function familyConfig(
  family: ProviderFamily,
  baseUrl: string,
  overrides: Partial<FamilyConfig> = {},
): FamilyConfig & { apiKey: string } {
  return {
    family,
    apiKey: 'test-key',
    baseUrl,
    model: `${family}-test-model`,
    timeoutMs: 5000,
    maxOutputTokens: 1024,
    ...overrides,
  } as FamilyConfig & { apiKey: string };
}

export interface AskOutcome {
  result: AskResult | undefined;
  error: ProviderError | undefined;
  sent: RecordedRequest | undefined;
}

/** Serves one canned response, asks the family's adapter once, and reports what happened. */
export async function askCanned(
  family: ProviderFamily,
  canned: CannedResponse,
  request: AskRequest = { prompt: 'Which payroll tools suit small agencies?', mode: 'online' },
  overrides: Partial<FamilyConfig> | ((serverUrl: string) => Partial<FamilyConfig>) = {},
): Promise<AskOutcome> {
  const server = await serveCanned(canned);
  const dispatcher = new Agent();
  try {
    const extra = typeof overrides === 'function' ? overrides(server.url) : overrides;
    const provider = createProvider(family, familyConfig(family, server.url, extra), {
      dispatcher,
    });
    const result = await provider.ask(request);
    return { result, error: undefined, sent: server.requests[0] };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { result: undefined, error, sent: server.requests[0] };
  } finally {
    await dispatcher.close();
    await server.close();
  }
}
