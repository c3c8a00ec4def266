/** Ids derived from names, so that doing the same work twice names its result the same. */
import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('5f2c7f7e9b8a4d1c8e3b2a6f4c1d9e07', 'hex');

/** A name-based UUID (RFC 9562 version 5) under this service's namespace: one name, one id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of the scan of one row of a batch job, always the same: a task that runs again (a retry,
 * a resumed job) finds the scan it already saved instead of saving a second one.
 */
export function scanIdForRow(jobId: string, index: number): string {
  return nameBasedUuid(`batch-scan:${jobId}:${index}`);
}
