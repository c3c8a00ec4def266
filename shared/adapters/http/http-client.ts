/**
 * Outbound HTTP without undici's main entry (see types/undici-deep.d.ts), which would also bundle
 * fetch, WebSocket, caches and mocks. The main entry gives every dispatcher its `request` method
 * by writing it onto undici's Dispatcher prototype when it loads; this module changes no
 * prototype (nothing happens at import). `dispatchRequest` calls undici's own request function
 * with any dispatcher as its receiver, which is all that method does, and the `Agent` exported
 * here declares the same method on its own class.
 */
import type { Dispatcher } from 'undici';
import request from 'undici/lib/api/api-request.js';
import UndiciAgent from 'undici/lib/dispatcher/agent.js';

/** undici's Agent with the `request` method its main entry would add (on this class only). */
export class Agent extends UndiciAgent {
  override request<TOpaque = null>(
    options: Dispatcher.RequestOptions<TOpaque>,
    callback: (err: Error | null, data: Dispatcher.ResponseData<TOpaque>) => void,
  ): void;
  override request<TOpaque = null>(
    options: Dispatcher.RequestOptions<TOpaque>,
  ): Promise<Dispatcher.ResponseData<TOpaque>>;
  override request<TOpaque = null>(
    options: Dispatcher.RequestOptions<TOpaque>,
    callback?: (err: Error | null, data: Dispatcher.ResponseData<TOpaque>) => void,
  ): Promise<Dispatcher.ResponseData<TOpaque>> | undefined {
    // undici's function serves both forms: a promise without a callback, the callback with one.
    const send = request as unknown as (
      this: Dispatcher,
      options: Dispatcher.RequestOptions<TOpaque>,
      callback?: (err: Error | null, data: Dispatcher.ResponseData<TOpaque>) => void,
    ) => Promise<Dispatcher.ResponseData<TOpaque>> | undefined;
    return send.call(this, options, callback);
  }
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
