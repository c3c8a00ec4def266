/**
 * Deep imports of undici's dispatcher classes: the package's main entry also loads fetch,
 * WebSocket, caches and mocks (about 270 KB of every Lambda bundle that speaks HTTP outward),
 * while these modules carry only what a dispatcher needs. Typed with the package's own types.
 */
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici';
  export default buildConnector;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}

/** The `request` method undici's main entry puts on every dispatcher: call it with one as `this`. */
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  export default function request(
    this: Dispatcher,
    options: Dispatcher.RequestOptions,
  ): Promise<Dispatcher.ResponseData>;
}
