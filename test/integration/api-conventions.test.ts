import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { MetaSchema } from '#shared/surfaces/http/schemas';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

function expectEnvelope(
  response: Awaited<ReturnType<typeof callJson>>,
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.body.error?.code).toBe(code);
  expect(response.body.error?.message).toEqual(expect.any(String));
  expect(MetaSchema.safeParse(response.body.meta).success).toBe(true);
  expect(response.headers.get('x-request-id')).toMatch(/\S+/);
}

describe('every response carries meta and a request id', () => {
  it('answers an unknown route with a 404 not_found envelope', async () => {
    expectEnvelope(await callJson(stack.baseUrl, '/api/v1/nothing-here'), 404, 'not_found');
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/stats', { method: 'DELETE' });
    expectEnvelope(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('puts pricing free, generated_at and an absolute docs URI into meta of a success', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/stats');
    expect(response.status).toBe(200);
    expect(response.body.meta?.pricing).toEqual({ model: 'free' });
    expect(Date.parse(response.body.meta?.generated_at ?? '')).not.toBeNaN();
    expect(response.body.meta?.docs).toBe(`${stack.baseUrl}/docs`);
  });

  it('serves a human documentation page at the URI meta.docs names', async () => {
    const { body } = await callJson(stack.baseUrl, '/api/v1/stats');
    const page = await fetch(body.meta?.docs ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const route of ROUTES.filter((candidate) => candidate.area !== 'discovery')) {
      expect(html).toContain(route.path);
    }
  });
});

/** Sends raw bytes, for requests fetch() refuses to make. */
function rawRequest(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

describe('bad input never hurts', () => {
  it('answers an absolute-form or broken request target with 400, not a crash', async () => {
    const answer = await rawRequest(
      stack.baseUrl,
      'GET http://[::1/api/v1/stats HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/x-request-id: \S+/i);
    expect(answer).toContain('"code":"invalid_request"');
    expect(answer).toContain('"meta":');
  });

  it('treats a trailing slash as another path, as API Gateway does', async () => {
    expectEnvelope(await callJson(stack.baseUrl, '/api/v1/stats/'), 404, 'not_found');
  });

  it('refuses a body over 1 MiB at the front door with 413, request id and meta', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      rawBody: 'x'.repeat(2 * 1024 * 1024),
    });
    expectEnvelope(response, 413, 'payload_too_large');
  });

  it('rejects malformed JSON with 400 invalid_json', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      rawBody: '{"domain": ',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(response, 400, 'invalid_json');
  });

  it('rejects a body without domain, or with a domain of the wrong type, as invalid_domain', async () => {
    for (const body of [{}, { domain: 42 }, { domain: null }, [], 'example.com']) {
      expectEnvelope(
        await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body }),
        400,
        'invalid_domain',
      );
    }
    expectEnvelope(
      await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST' }),
      400,
      'invalid_domain',
    );
  });

  it('rejects a body over 64 KiB with 413 payload_too_large', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: 'a'.repeat(70 * 1024) },
    });
    expectEnvelope(response, 413, 'payload_too_large');
  });

  it('rejects unparseable and private targets with invalid_domain before scanning', async () => {
    for (const domain of [
      '',
      'not a domain',
      'http://',
      'ftp://example.com',
      'localhost',
      '127.0.0.1',
      'http://[::1]/',
      'http://user:pw@example.com',
    ]) {
      const response = await callJson(stack.baseUrl, '/api/v1/scans', {
        method: 'POST',
        body: { domain },
      });
      expectEnvelope(response, 400, 'invalid_domain');
    }
  });

  it('answers unknown and malformed scan ids with 404 not_found', async () => {
    expectEnvelope(
      await callJson(stack.baseUrl, `/api/v1/scans/${crypto.randomUUID()}`),
      404,
      'not_found',
    );
    expectEnvelope(await callJson(stack.baseUrl, '/api/v1/scans/not-a-uuid'), 404, 'not_found');
    expectEnvelope(await callJson(stack.baseUrl, '/api/v1/scans/%E0%A4%A'), 404, 'not_found');
  });

  it('answers a domain that cannot be reached at all with 500 scan_failed', async () => {
    const key = await stack.createKey(['scans:write']);
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: 'no-such-host.invalid' },
    });
    expectEnvelope(response, 500, 'scan_failed');
    expect(response.body.error?.message).toMatch(/no-such-host\.invalid/);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document, version 1.1.0, covering every API route of the manifest', async () => {
    const response = await fetch(`${stack.baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<
        string,
        Record<string, { operationId: string; responses: Record<string, unknown> }>
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.1.0');
    for (const route of ROUTES) {
      if (route.area === 'dashboard' || route.area === 'discovery') {
        // Browser pages and forms: on the docs page, not in the API description.
        expect(document.paths[route.path], route.path).toBeUndefined();
        continue;
      }
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(route.response.status));
    }
  });
});
