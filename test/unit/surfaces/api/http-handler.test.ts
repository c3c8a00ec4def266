import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { generateApiKey } from '#shared/domain/accounts/api-keys';
import { createKeyResolver } from '#shared/domain/accounts/authenticate';
import { createKeyUseRecorder } from '#shared/domain/accounts/key-usage';
import type { KeyUsage, StoredApiKey } from '#shared/domain/accounts/ports';
import { type ApiDeps, createApiHandler, noDeps } from '#shared/surfaces/api/http-handler';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

const route = {
  operationId: 'echo',
  area: 'scans',
  method: 'POST',
  path: '/api/v1/echo/{id}',
  summary: 'echo',
  description: 'echo',
  tag: 'Test',
  auth: 'optional',
  scope: 'scans:write',
  request: {
    params: z.object({ id: z.string().regex(/^\d+$/) }),
    body: z.object({ word: z.string() }),
    invalidBodyCode: 'invalid_domain',
  },
  response: { status: 201, schema: z.object({ echoed: z.string() }) },
  errors: [],
  data: 'read',
  handler: 'unused',
  mcpTool: false,
} as const satisfies RouteDefinition;

const doc = createDocumentClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
const storeMock = mockClient(doc);
const api = (): ApiDeps => ({
  keys: createKeyResolver({
    users: createUsersRepository(doc, 'table'),
    members: createTeamRepository(doc, 'table'),
  }),
  adminEmails: [],
  publicBaseUrl: 'https://api.example.com',
  logger,
});
const handler = createApiHandler(
  route,
  async ({ body, params }) => ({ echoed: `${params.id}:${body.word}` }),
  () => undefined,
  api,
);

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/v1/echo/{id}',
    rawPath: '/api/v1/echo/7',
    rawQueryString: '',
    headers: {},
    pathParameters: { id: '7' },
    requestContext: {
      requestId: 'req-1',
      domainName: 'ignored.example',
      http: {
        method: 'POST',
        path: '/api/v1/echo/7',
        protocol: 'HTTP/1.1',
        sourceIp: '198.51.100.4',
        userAgent: 'test',
      },
    } as APIGatewayProxyEventV2['requestContext'],
    body: JSON.stringify({ word: 'hi' }),
    isBase64Encoded: false,
    ...overrides,
  };
}

async function invoke(e: APIGatewayProxyEventV2) {
  const result = await handler(e, {} as Context);
  return {
    ...result,
    json: JSON.parse(result.body ?? '{}') as Record<string, { code?: string; docs?: string }>,
  };
}

afterEach(() => {
  storeMock.reset();
});

describe('the request pipeline', () => {
  it('runs the handler with validated input and adds meta and the request id', async () => {
    const result = await invoke(event());
    expect(result.statusCode).toBe(201);
    expect(result.json.echoed).toBe('7:hi');
    expect(result.json.meta?.docs).toBe('https://api.example.com/docs');
    expect(result.headers?.['x-request-id']).toBe('req-1');
  });

  it('answers a body that fails the schema with the route code', async () => {
    const result = await invoke(event({ body: JSON.stringify({ word: 3 }) }));
    expect(result.statusCode).toBe(400);
    expect(result.json.error?.code).toBe('invalid_domain');
  });

  it('decodes base64 bodies as API Gateway sends them', async () => {
    const result = await invoke(
      event({ body: Buffer.from('{"word":"b64"}').toString('base64'), isBase64Encoded: true }),
    );
    expect(result.json.echoed).toBe('7:b64');
  });

  it('answers a path parameter that fails its schema with 404', async () => {
    const result = await invoke(event({ pathParameters: { id: 'abc' } }));
    expect(result.statusCode).toBe(404);
    expect(result.json.error?.code).toBe('not_found');
  });

  it('turns a failing key lookup into 503 auth_unavailable with Retry-After', async () => {
    storeMock
      .on(GetCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    const result = await invoke(
      event({ headers: { authorization: `Bearer ${generateApiKey()}` } }),
    );
    expect(result.statusCode).toBe(503);
    expect(result.json.error?.code).toBe('auth_unavailable');
    expect(result.headers?.['retry-after']).toBe('5');
    expect(result.json.meta?.docs).toBe('https://api.example.com/docs');
  });

  it('turns an unexpected handler failure into a generic 500 that leaks nothing', async () => {
    const failing = createApiHandler(
      route,
      async () => {
        throw new Error('database password is hunter2');
      },
      () => undefined,
      api,
    );
    const result = await failing(event(), {} as Context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('hunter2');
    expect(JSON.parse(result.body ?? '{}').error.code).toBe('internal_error');
    // The operator sees it in full, on a line carrying the request id and the operation.
    expect(logger.at('error').at(-1)).toMatchObject({
      message: 'unhandled error',
      fields: { request_id: 'req-1', operation: 'echo' },
    });
  });
});

describe('marking the key of a request used', () => {
  const stored: StoredApiKey = {
    id: 'key_0123456789abcdef',
    user_id: 'u1',
    created_by: 'u1',
    email: 'a@example.com',
    scopes: ['scans:write'],
    plugin: false,
    hint: 'ars_…abcd',
    created_at: '2026-11-23T00:00:00.000Z',
    revoked_at: null,
  };

  function handlerUsing(usage: KeyUsage) {
    return createApiHandler(
      route,
      async ({ body }) => ({ echoed: body.word }),
      noDeps,
      () => ({
        keys: { resolveKey: async () => ({ key: stored, role: 'owner' }) },
        adminEmails: [],
        publicBaseUrl: 'https://api.example.com',
        logger,
        keyUse: createKeyUseRecorder(usage, logger),
      }),
    );
  }

  it('records the use of the calling key, and none for an anonymous call', async () => {
    const used: string[] = [];
    const keyed = handlerUsing({
      recordUse: async (keyId) => {
        used.push(keyId);
      },
      lastUsed: async () => new Map(),
    });
    const anonymous = await keyed(event(), {} as Context);
    expect(anonymous.statusCode).toBe(201);
    expect(used).toEqual([]);
    const result = await keyed(
      event({ headers: { authorization: `Bearer ${generateApiKey()}` } }),
      {} as Context,
    );
    expect(result.statusCode).toBe(201);
    expect(used).toEqual([stored.id]);
  });

  it('answers the request when the store cannot record the use', async () => {
    const failing = handlerUsing({
      recordUse: async () => {
        throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
      },
      lastUsed: async () => new Map(),
    });
    const result = await failing(
      event({ headers: { authorization: `Bearer ${generateApiKey()}` } }),
      {} as Context,
    );
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body ?? '{}').echoed).toBe('hi');
  });
});
