import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, type JsonResponse, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The OpenAPI document is a contract: it must be valid OpenAPI 3.1, and what the API really
 * answers must match the schemas it publishes, for successes and errors alike.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let document: Record<string, unknown>;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
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
});
