import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captured, captureStdout } from '#test/support/debug-logs';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 26, point 1: other origins and other host names are refused. The local front answers
 * only loopback Host names and ALLOWED_HOSTS (421 in the error envelope on every route: API,
 * pages, dashboard, tool server); the tool server refuses a foreign Origin on both of its forms
 * with 403 before the key is read; two Authorization headers are refused with 401, as API
 * Gateway would pass them (joined). Requests are sent with node:http, which sends the Host and
 * header lines exactly as given (fetch sets Host itself).
 */
let stack: TestStack;
let port: number;
let restore: () => void;
const ALLOWED_ORIGIN = 'https://tools.partner.example';

beforeAll(async () => {
  restore = captureStdout();
  stack = await startTestStack({
    LOG_LEVEL: 'DEBUG',
    ALLOWED_HOSTS: 'devbox.test,devbox-8443.test:8443',
    MCP_ALLOWED_ORIGINS: `${ALLOWED_ORIGIN}, HTTPS://Other.Partner.Example:443/`,
  });
  port = Number(new URL(stack.baseUrl).port);
});
afterAll(async () => {
  await stack?.close();
  restore?.();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the stack with exactly these headers (Host included). */
type Headers = Record<string, string | string[]>;

function send(method: string, path: string, headers: Headers, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      // An array value sends the header once per entry.
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: headers as OutgoingHttpHeaders,
        setHost: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'origin-test', version: '1.0.0' },
  },
});

function mcpPost(path: string, headers: Headers) {
  return send(
    'POST',
    path,
    {
      host: `localhost:${port}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    INITIALIZE,
  );
}

describe('the local front and foreign host names', () => {
  it.each([
    ['an API route', '/api/v1/stats'],
    ['a page', '/docs'],
    ['the home page', '/'],
    ['the dashboard', '/dashboard'],
    ['the tool server', '/api/mcp'],
  ])('answers 421 in the error envelope for %s', async (_kind, path) => {
    const answer = await send('GET', path, { host: 'evil.example.com' });
    expect(answer.status).toBe(421);
    const body = JSON.parse(answer.body) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe('misdirected_request');
    expect(body.error.request_id).toBeTruthy();
    expect(answer.body).not.toContain('evil.example.com');
  });

  it('refuses a foreign name on the port it listens on, and a name with a path in it', async () => {
    for (const host of [`evil.example.com:${port}`, `evil.example.com@localhost:${port}`, '']) {
      expect((await send('GET', '/api/v1/stats', { host })).status, host).toBe(421);
    }
  });

  it('serves loopback names on any port, and ALLOWED_HOSTS as listed', async () => {
    const served = [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'localhost',
      'LOCALHOST:1',
      `devbox.test:${port}`,
      'devbox-8443.test:8443',
    ];
    for (const host of served) {
      expect((await send('GET', '/api/v1/stats', { host })).status, host).toBe(200);
    }
    expect((await send('GET', '/api/v1/stats', { host: 'devbox-8443.test:9' })).status).toBe(421);
  });
});

describe('two Authorization headers', () => {
  it('are refused with 401 on an API route, never resolved to the first', async () => {
    const key = await stack.createKey(['scans:read']);
    const answer = await send('GET', '/api/v1/scans', {
      host: `localhost:${port}`,
      authorization: [`Bearer ${key}`, `Bearer ${key}`],
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error.message).toContain('exactly one Authorization header');
    expect(answer.body).not.toContain(key);
  });

  it('are refused with 401 on the tool server', async () => {
    const key = await stack.createKey(['scans:read']);
    const answer = await mcpPost('/api/mcp', { authorization: [`Bearer ${key}`, 'Bearer x'] });
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain(key);
  });
});

describe('the tool server and the Origin header', () => {
  it('refuses a foreign Origin with 403 on both forms, the key in neither the body nor the log', async () => {
    const key = await stack.createKey(['scans:read']);
    const before = captured.length;
    const foreign = { origin: 'http://evil.example.com' };
    const forms = [
      mcpPost('/api/mcp', { ...foreign, authorization: `Bearer ${key}` }),
      mcpPost(`/api/mcp/${key}`, foreign),
      mcpPost(`/api/mcp/${key}`, { origin: 'null' }),
      mcpPost(`/api/mcp/${key}`, { origin: `http://localhost.evil.example:${port}` }),
      mcpPost(`/api/mcp/${key}`, { origin: `https://localhost:${port}` }),
    ];
    for (const answer of await Promise.all(forms)) {
      expect(answer.status).toBe(403);
      const body = JSON.parse(answer.body) as { jsonrpc: string; id?: unknown; error: object };
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
      expect(body).not.toHaveProperty('id');
      expect(answer.body).not.toContain(key);
    }
    const written = captured.slice(before).join('');
    expect(written).toContain('request handled');
    expect(written).not.toContain(key);
    expect(written).not.toContain(key.slice(4, 24));
  });

  it('refuses a foreign Origin before the key is read: an unknown key gets 403 too, not 401', async () => {
    const answer = await mcpPost('/api/mcp/ars_not_a_real_key', { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
  });

  it('serves no Origin, a loopback one and those MCP_ALLOWED_ORIGINS lists', async () => {
    const key = await stack.createKey(['scans:read']);
    const origins = [
      undefined,
      `http://localhost:${port}`,
      'http://127.0.0.1:5173',
      'http://[::1]:8080',
      ALLOWED_ORIGIN,
      'https://other.partner.example',
    ];
    for (const origin of origins) {
      const answer = await mcpPost(`/api/mcp/${key}`, origin ? { origin } : {});
      expect(answer.status, String(origin)).toBe(200);
      expect(answer.body).toContain('"protocolVersion"');
    }
  });
});
