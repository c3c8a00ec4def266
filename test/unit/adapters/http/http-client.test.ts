/**
 * The outbound HTTP client without undici's main entry: importing it changes no prototype (the
 * main entry writes `request` onto every dispatcher when it loads; this module used to do the
 * same), and `dispatchRequest` / `requestVia` (and the client's own `Agent#request`) still send a
 * request through a dispatcher.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end(`${request.method} ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const requestMethod = () => (DispatcherBase.prototype as { request?: unknown }).request;

describe('the HTTP client module', () => {
  it('changes nothing when imported: dispatchers get no request method', async () => {
    expect(requestMethod()).toBeUndefined();
    const client = await import('#shared/adapters/http/http-client');
    expect(typeof client.dispatchRequest).toBe('function');
    expect(requestMethod()).toBeUndefined();
  });

  it("sends a request through an explicit dispatcher, as the main entry's method would", async () => {
    const { Agent, dispatchRequest, requestVia } = await import(
      '#shared/adapters/http/http-client'
    );
    const agent = new Agent();
    try {
      const direct = await dispatchRequest(agent, { origin, path: '/direct?x=1', method: 'GET' });
      expect(direct.statusCode).toBe(200);
      expect(await direct.body.text()).toBe('GET /direct?x=1');
      const viaUrl = await requestVia(agent, `${origin}/via`, { method: 'POST', body: 'x' });
      expect(await viaUrl.body.text()).toBe('POST /via');
      // The client's own Agent declares the method on its class: callers keep `agent.request`.
      const method = await agent.request({ origin, path: '/method', method: 'GET' });
      expect(await method.body.text()).toBe('GET /method');
    } finally {
      await agent.close();
    }
    expect(requestMethod()).toBeUndefined();
  });
});
