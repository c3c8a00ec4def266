import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS } from '#shared/surfaces/api/cors';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/** What a client expects of any HTTP API, tried through the local front as a new user would. */
let stack: TestStack;
let key: string;
let port: number;

beforeAll(async () => {
  stack = await startTestStack();
  key = await stack.createKey(['scans:read', 'scans:write']);
  port = Number(new URL(stack.baseUrl).port);
});
afterAll(async () => {
  await stack?.close();
});

/** Sends raw bytes and returns the whole answer as text (the server closes the connection). */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function concrete(path: string): string {
  return path.replace('{id}', crypto.randomUUID());
}

describe('HEAD', () => {
  it('answers HEAD on every GET route like GET, without a body', async () => {
    for (const route of ROUTES.filter((candidate) => candidate.method === 'GET')) {
      const path = concrete(route.path);
      const get = await fetch(`${stack.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const head = await fetch(`${stack.baseUrl}${path}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
    }
  });
});

describe('CORS, as the CDK configuration sets it', () => {
  it('answers a preflight with the configured methods, headers and max age', async () => {
    const response = await fetch(`${stack.baseUrl}/api/v1/scans`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe(CORS.allowMethods.join(','));
    expect(response.headers.get('access-control-allow-headers')).toBe(CORS.allowHeaders.join(','));
    expect(response.headers.get('access-control-max-age')).toBe(String(CORS.maxAgeSeconds));
  });

  it('lets a cross-origin page read responses and the request id, errors included', async () => {
    for (const path of ['/api/v1/stats', '/api/v1/nope']) {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        headers: { origin: 'https://app.example.com' },
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-expose-headers'), path).toContain('x-request-id');
    }
  });
});

describe('links never echo a foreign Host header', () => {
  it('builds meta.docs, OpenAPI servers and page links from the served host only', async () => {
    const foreign = { host: 'evil.example' };
    const stats = await callJson(stack.baseUrl, '/api/v1/stats', { headers: foreign });
    expect(stats.body.meta?.docs).toBe(`${stack.baseUrl}/docs`);
    const openapi = (await (
      await fetch(`${stack.baseUrl}/api/v1/openapi.json`, { headers: foreign })
    ).json()) as { servers: { url: string }[] };
    expect(openapi.servers[0]?.url).toBe(stack.baseUrl);
    const docs = await (await fetch(`${stack.baseUrl}/docs`, { headers: foreign })).text();
    expect(docs).not.toContain('evil.example');
  });

  it('uses a Host it serves itself', async () => {
    // fetch() may not set Host; a raw request can.
    const answer = await rawRequest(
      `GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toContain(`"docs":"http://127.0.0.1:${port}/docs"`);
  });
});

describe("the front's own errors", () => {
  it('answers an unknown method in the envelope', async () => {
    const answer = await rawRequest('BREW /api/v1/stats HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 501 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.error.code).toBe('not_implemented');
    expect(body.meta.pricing).toEqual({ model: 'free' });
  });

  it('answers oversized headers in the envelope', async () => {
    const answer = await rawRequest(
      `GET /api/v1/stats HTTP/1.1\r\nHost: localhost\r\nx-big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('"code":"request_header_fields_too_large"');
  });

  it('answers a known path with a method it does not have with 405 and Allow', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/stats', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('routing', () => {
  it('takes the literal route over a parameter, as API Gateway does', async () => {
    // GET /scans/batch is the list of batch jobs (a key is needed), not a scan with id "batch".
    const batch = await callJson(stack.baseUrl, '/api/v1/scans/batch');
    expect(batch.status).toBe(401);
    expect(batch.body.error?.code).toBe('unauthorized');
    // Without a literal route, /scans/{id} takes the path, and "batches" is no scan id.
    const scan = await callJson(stack.baseUrl, '/api/v1/scans/batches');
    expect(scan.status).toBe(404);
    expect(scan.body.error?.code).toBe('not_found');
  });
});
