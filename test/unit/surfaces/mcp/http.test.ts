import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpHandler } from '#shared/surfaces/mcp/http';
import { getApiDeps } from '#shared/wiring/api';
import { loadConfig } from '#shared/wiring/config';
import { type StartedWiring, startWiring } from '#shared/wiring/lazy';
import { getMcpOriginPolicy, getRouteInvoker } from '#shared/wiring/mcp';

/**
 * Issue 26, point 1, behind the function URL on AWS: the tool server's Lambda refuses a foreign
 * Origin with 403 before it reads a key, and on Lambda a loopback origin is foreign too. No store
 * is reached: the refused requests never get as far as the key.
 */
let wiring: StartedWiring | undefined;
afterEach(() => {
  wiring?.close();
  wiring = undefined;
});

const FUNCTION_URL_HOST = 'abc123.lambda-url.eu-central-1.on.aws';

/** A request as a Lambda function URL delivers it (payload 2.0, no path parameters). */
function functionUrlEvent(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc123',
      domainName: FUNCTION_URL_HOST,
      domainPrefix: 'abc123',
      http: {
        method: 'POST',
        path: '/',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.9',
        userAgent: 'test',
      },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    isBase64Encoded: false,
  };
}

/** The function's handler, as functions/mcp/mcp.ts builds it. */
const handler = createMcpHandler(getApiDeps, getRouteInvoker, getMcpOriginPolicy);
const context = { functionName: 'mcp', awsRequestId: 'req-1' } as Context;
const handleMcpEvent = (event: APIGatewayProxyEventV2) => handler(event, context);

function onLambda() {
  wiring = startWiring({
    config: loadConfig({
      AWS_LAMBDA_FUNCTION_NAME: 'mcp',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      MCP_ALLOWED_ORIGINS: 'https://app.partner.example',
    }),
  });
}

describe('the tool server behind its function URL', () => {
  it('refuses a foreign Origin and a loopback one with 403, the key unread and unechoed', async () => {
    onLambda();
    for (const origin of ['https://evil.example', 'http://localhost:3000', 'null']) {
      const result = await handleMcpEvent(
        functionUrlEvent({ origin, authorization: 'Bearer ars_not_checked_here' }),
      );
      expect(result.statusCode, origin).toBe(403);
      expect(JSON.parse(String(result.body))).toMatchObject({ error: { code: -32600 } });
      expect(String(result.body)).not.toContain('ars_not_checked_here');
    }
  });

  it('lets its own origin and a listed one reach the key check', async () => {
    onLambda();
    for (const origin of [`https://${FUNCTION_URL_HOST}`, 'https://app.partner.example']) {
      // No key: the key check answers, so the Origin check let the request through.
      const result = await handleMcpEvent(functionUrlEvent({ origin }));
      expect(result.statusCode, origin).toBe(401);
    }
  });
});
