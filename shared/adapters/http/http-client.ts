/**
 * Outbound HTTP without undici's main entry (see types/undici-deep.d.ts), which would also bundle
 * fetch, WebSocket, caches and mocks. The main entry gives every dispatcher its `request` method
 * by writing it onto the Dispatcher prototype when it loads; this module changes no prototype
 * (nothing happens at import): `dispatchRequest` calls undici's own request function with the
 * dispatcher as its receiver, which is all that method does.
 */
import type { Dispatcher } from 'undici';
import request from 'undici/lib/api/api-request.js';
import Agent from 'undici/lib/dispatcher/agent.js';

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

/** `dispatcher.request(options)` of undici's main entry, without its prototype patch. */
export function dispatchRequest(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  return request.call(dispatcher, options);
}

/** `undici.request(url, options)` through an explicit dispatcher. */
export function requestVia(
  dispatcher: Dispatcher,
  url: string,
  options: RequestOptions,
): Promise<Dispatcher.ResponseData> {
  const target = new URL(url);
  return dispatchRequest(dispatcher, {
    ...options,
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
  });
}
