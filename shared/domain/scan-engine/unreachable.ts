/**
 * A site the scan could not reach at all (issue 36 point 1): `scan_failed`, said in words a
 * person reads ("We could not reach nosuch.invalid: no such domain.") and carried as data
 * (`details.reason`, `details.domain`), so the scan service gives the visitor's free scan back and
 * the home page words the refusal without parsing a message.
 */
import { OperationFailedError } from '#shared/domain/kernel/errors';
import type { UnreachableReason } from '#shared/domain/kernel/net/fetch-errors';

const WORDS: Record<UnreachableReason, string> = {
  dns: 'no such domain',
  refused: 'it refused the connection',
  reset: 'it dropped the connection',
  timeout: 'it did not answer in time',
  unreachable: 'its address cannot be reached',
  tls: 'its secure connection (TLS) failed',
  network: 'the connection failed',
};

/** Why a site could not be reached, in words ("no such domain"). */
export function unreachableWords(reason: UnreachableReason): string {
  return WORDS[reason];
}

/** The `scan_failed` of a site that could not be reached, with the reason as data. */
export function unreachableSite(domain: string, reason: UnreachableReason): OperationFailedError {
  return new OperationFailedError(
    'scan_failed',
    `We could not reach ${domain}: ${unreachableWords(reason)}.`,
    { details: { domain, reason } },
  );
}
