import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captured, captureStdout } from '#test/support/debug-logs';
import { startTestStack, type TestStack } from '#test/support/stack';

/** The key of the path form (`/api/mcp/{api_key}`) never reaches a log line, at any level. */
let stack: TestStack;
let restore: () => void;

beforeAll(async () => {
  restore = captureStdout();
  stack = await startTestStack({ LOG_LEVEL: 'DEBUG' });
});
afterAll(async () => {
  await stack?.close();
  restore?.();
});

describe('the path form of the tool server', () => {
  it('never writes the key into the logs of a request, whether it works or fails', async () => {
    const key = await stack.createKey(['scans:read', 'monitor:read']);
    const before = captured.length;
    const client = new Client({ name: 'log-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/api/mcp/${key}`)),
    );
    await client.listTools();
    await client.callTool({ name: 'get_stats', arguments: {} });
    await client.callTool({ name: 'get_case', arguments: { id: crypto.randomUUID() } });
    await client.close();
    // An unknown, well-formed key and a malformed one fail with 401; their logs hold no key either.
    const unknown = `${key.slice(0, -10)}AAAAAAAAAA`;
    for (const bad of [unknown, 'not-a-key']) {
      const response = await fetch(`${stack.baseUrl}/api/mcp/${bad}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain(bad);
    }
    const written = captured.slice(before).join('');
    expect(written).toContain('request handled');
    expect(written).not.toContain(key);
    expect(written).not.toContain(key.slice(4, 24));
    expect(written).not.toContain(unknown);
  });
});
