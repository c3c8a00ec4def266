/**
 * Outbound HTTP without undici's main entry (see types/undici-deep.d.ts), which would also bundle
 * fetch, WebSocket, caches and mocks. The main entry gives every dispatcher its `request`
 * method; doing the same here, for `request` only, keeps `agent.request(...)` working.
 */
import type { Dispatcher } from 'undici';
import request from 'undici/lib/api/api-request.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';

if (typeof (DispatcherBase.prototype as { request?: unknown }).request !== 'function') {
  Object.assign(DispatcherBase.prototype, { request });
}

export { Agent };

let defaultAgent: Agent | undefined;

/** The process-wide agent for requests that name no dispatcher (model providers). */
export function getDefaultAgent(): Agent {
  defaultAgent ??= new Agent({ keepAliveTimeout: 30_000 });
  return defaultAgent;
}

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & {
  method: Dispatcher.HttpMethod;
};

/** `undici.request(url, options)` through an explicit dispatcher. */
export function requestVia(
  dispatcher: Dispatcher,
  url: string,
  options: RequestOptions,
): Promise<Dispatcher.ResponseData> {
  const target = new URL(url);
  return dispatcher.request({
    ...options,
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
  });
}
