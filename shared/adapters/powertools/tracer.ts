/**
 * X-Ray tracing with Powertools Tracer. On Lambda with active tracing, creating the tracer makes
 * every outbound HTTP request of the process a subsegment of the invocation's trace: undici's
 * requests (scans, webhook deliveries, model providers) through its diagnostics channels,
 * `fetch` (SES) likewise, `node:http` by patching. AWS SDK clients are traced one by one with
 * `capture`.
 *
 * The tracer's library (aws-xray-sdk-core) reads the environment, starts async hooks and patches
 * `node:http` as soon as it is loaded, so it is loaded only when a tracer is created with tracing
 * on: never off Lambda (the local stack, tests), and on Lambda at the wiring's first use rather
 * than while the bundle is imported (docs/decisions.md "Operable on AWS (issue 27)"). The
 * `require` is resolved by esbuild into the function's bundle and evaluated on this call.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** What the wiring needs from tracing: AWS SDK v3 clients whose calls become subsegments. */
export interface ClientTracer {
  /** The same client, its calls traced (untouched when tracing is off). */
  capture<Client>(client: Client): Client;
  /** Whether this process sends traces (on Lambda with active tracing). */
  readonly enabled: boolean;
}

const UNTRACED: ClientTracer = { capture: (client) => client, enabled: false };

/** A tracer for `service`; `enabled` comes from the configuration (on Lambda, not switched off). */
export function createPowertoolsTracer(service: string, enabled: boolean): ClientTracer {
  if (!enabled) return UNTRACED;
  const powertools = require('@aws-lambda-powertools/tracer') as {
    Tracer: new (options: { serviceName: string }) => Tracer;
  };
  const tracer = new powertools.Tracer({ serviceName: service });
  return {
    capture: (client) => tracer.captureAWSv3Client(client),
    enabled: tracer.isTracingEnabled(),
  };
}
