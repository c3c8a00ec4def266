/**
 * X-Ray tracing with Powertools Tracer. On Lambda with active tracing, creating the tracer makes
 * every outbound HTTP request of the process a subsegment of the invocation's trace: undici's
 * requests (scans, webhook deliveries, model providers) through its diagnostics channels,
 * `fetch` (SES) likewise, `node:http` by patching. AWS SDK clients are traced one by one with
 * `capture`. Off Lambda (the local stack, tests) the tracer is disabled and changes nothing.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

/** What the wiring needs from tracing: AWS SDK v3 clients whose calls become subsegments. */
export interface ClientTracer {
  /** The same client, its calls traced (untouched when tracing is off). */
  capture<Client>(client: Client): Client;
  /** Whether this process sends traces (on Lambda with active tracing). */
  readonly enabled: boolean;
}

export function createPowertoolsTracer(service: string): ClientTracer {
  const tracer = new Tracer({ serviceName: service });
  return {
    capture: (client) => tracer.captureAWSv3Client(client),
    enabled: tracer.isTracingEnabled(),
  };
}
