/**
 * One signed attempt to an endpoint: the secrets valid right now, a fresh timestamp, the same
 * body bytes, then the outcome judged. Shared by the delivery workflow and the test route.
 */
import type { Clock } from '#shared/domain/kernel/clock';
import type { AttemptResult } from './attempt.ts';
import { type AttemptClassification, classifyAttempt } from './attempt.ts';
import type { StoredEndpoint } from './ports.ts';
import { buildDeliveryHeaders, TIMESTAMP_HEADER } from './signing.ts';

/** Sends one POST (sendAttempt through the guarded agent, in production). Never rejects. */
export type SendPort = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<AttemptResult>;

export interface SignedAttempt {
  /** The `x-service-timestamp` of this attempt. */
  at: string;
  outcome: AttemptClassification;
}

/** The secrets that sign right now, newest first: the current one and any still in grace. */
export function signingSecrets(endpoint: StoredEndpoint, now: Date): string[] {
  return endpoint.secrets
    .filter((secret) => secret.expires_at === null || Date.parse(secret.expires_at) > now.getTime())
    .map((secret) => secret.value);
}

export async function sendSigned(
  endpoint: StoredEndpoint,
  event: { id: string; type: string; body: string },
  deps: { send: SendPort; clock: Clock },
): Promise<SignedAttempt> {
  const headers = buildDeliveryHeaders({
    event,
    secrets: signingSecrets(endpoint, deps.clock.now()),
    clock: deps.clock,
  });
  const result = await deps.send({ url: endpoint.url, headers, body: event.body });
  return { at: headers[TIMESTAMP_HEADER], outcome: classifyAttempt(result) };
}
