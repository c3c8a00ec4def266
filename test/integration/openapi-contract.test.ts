import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { waitForJob } from '#test/support/batch';
import { callJson, type JsonResponse, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The OpenAPI document is a contract: it must be valid OpenAPI 3.1, and what the API really
 * answers must match the schemas it publishes, for successes and errors alike.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let document: Record<string, unknown>;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' });
  site = await startFixtureSite('good');
  document = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as Record<
    string,
    unknown
  >;
});
afterAll(async () => {
  await site?.close();
  await stack?.close();
});

function pointer(path: string, method: string, status: number): string {
  const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
  return `openapi#/paths/${escapePointer(path)}/${method}/responses/${status}/content/${escapePointer('application/json')}/schema`;
}

function expectMatches(response: JsonResponse, path: string, method: string): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi');
  const validate = ajv.getSchema(pointer(path, method, response.status));
  expect(
    validate,
    `no schema documented for ${method.toUpperCase()} ${path} ${response.status}`,
  ).toBeDefined();
  const valid = validate?.(response.body);
  expect(validate?.errors ?? [], `${method.toUpperCase()} ${path} ${response.status}`).toEqual([]);
  expect(valid).toBe(true);
}

describe('the OpenAPI document', () => {
  it('validates against the official OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('real responses match the published schemas', () => {
  it('for scans, stats and their errors', async () => {
    const key = await stack.createKey(['scans:read', 'scans:write']);
    const created = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.host },
    });
    expectMatches(created, '/api/v1/scans', 'post');
    const id = String((created.body.scan as { id: string }).id);
    expectMatches(
      await callJson(stack.baseUrl, `/api/v1/scans/${id}`),
      '/api/v1/scans/{id}',
      'get',
    );
    expectMatches(await callJson(stack.baseUrl, '/api/v1/stats'), '/api/v1/stats', 'get');

    const errors: Array<[JsonResponse, string, string]> = [
      [
        await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body: { domain: '' } }),
        '/api/v1/scans',
        'post',
      ],
      [
        await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', rawBody: '{' }),
        '/api/v1/scans',
        'post',
      ],
      [
        await callJson(stack.baseUrl, '/api/v1/scans', {
          method: 'POST',
          key,
          body: { domain: 'gone.invalid' },
        }),
        '/api/v1/scans',
        'post',
      ],
      [
        await callJson(stack.baseUrl, '/api/v1/stats', { key: 'ars_unknown' }),
        '/api/v1/stats',
        'get',
      ],
      [
        await callJson(stack.baseUrl, '/api/v1/stats', {
          key: await stack.createKey(['monitor:read']),
        }),
        '/api/v1/stats',
        'get',
      ],
      [
        await callJson(stack.baseUrl, `/api/v1/scans/${crypto.randomUUID()}`),
        '/api/v1/scans/{id}',
        'get',
      ],
    ];
    expect(errors.map(([response]) => response.status)).toEqual([400, 400, 500, 401, 403, 404]);
    for (const [response, path, method] of errors) expectMatches(response, path, method);
  });

  it('for batch jobs, created, finished, refused and unknown', async () => {
    const key = await stack.createKey(['scans:read', 'scans:write']);
    const created = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      key,
      body: { domains: [site.host, 'localhost:1', 'not a domain'] },
    });
    expect(created.status).toBe(202);
    expectMatches(created, '/api/v1/scans/batch', 'post');
    const jobId = (created.body.job as { id: string }).id;
    await waitForJob(stack.baseUrl, key, jobId);
    const status = await callJson(stack.baseUrl, `/api/v1/scans/batch/${jobId}`, { key });
    expectMatches(status, '/api/v1/scans/batch/{id}', 'get');
    for (const [response, path, method] of [
      [
        await callJson(stack.baseUrl, '/api/v1/scans/batch', { method: 'POST', key, body: {} }),
        '/api/v1/scans/batch',
        'post',
      ],
      [
        await callJson(stack.baseUrl, '/api/v1/scans/batch', {
          method: 'POST',
          body: { domains: ['a.b'] },
        }),
        '/api/v1/scans/batch',
        'post',
      ],
      [
        await callJson(stack.baseUrl, `/api/v1/scans/batch/${crypto.randomUUID()}`, { key }),
        '/api/v1/scans/batch/{id}',
        'get',
      ],
    ] as const) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expectMatches(response, path, method);
    }
  });

  it('for an oversized body and the anonymous limit', async () => {
    const tooLarge = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: 'x'.repeat(70 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    expectMatches(tooLarge, '/api/v1/scans', 'post');

    let limited: JsonResponse | undefined;
    for (let attempt = 0; attempt < 4 && limited === undefined; attempt += 1) {
      const response = await callJson(stack.baseUrl, '/api/v1/scans', {
        method: 'POST',
        body: { domain: site.host },
      });
      if (response.status === 429) limited = response;
    }
    expect(limited?.status).toBe(429);
    if (limited) expectMatches(limited, '/api/v1/scans', 'post');
  });

  it('declares the request id on every response and Retry-After on 429 and 503', () => {
    type Operation = {
      responses: Record<
        string,
        { headers?: Record<string, unknown>; content?: Record<string, unknown> }
      >;
    };
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain(
            'x-request-id',
          );
          if (status === '429' || status === '503')
            expect(Object.keys(response.headers ?? {})).toContain('retry-after');
        }
      }
    }
    expect(Object.keys(paths['/scans/{id}']?.get?.responses['404']?.content ?? {})).toEqual([
      'text/html',
    ]);
  });
});
