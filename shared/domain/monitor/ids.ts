/** The monitor's ids: runs, ordered by creation, and the events about them, derived from the run. */
import { randomBytes } from 'node:crypto';
import { nameBasedUuid } from '#shared/domain/kernel/ids';

/**
 * A run id made at `at`: UUID version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds, so a case's runs sort by creation in the store (newest first is one query in
 * reverse) and ids stay unguessable. One run per case is pending at a time, so two runs of a case
 * are never created in the same millisecond.
 */
export function runIdAt(at: Date, random: Buffer = randomBytes(10)): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  random.copy(bytes, 6, 0, 10);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of an event about a run: the same for every attempt of the step that emits it, so a
 * retried step publishes the same event again and the dispatcher records it once.
 */
export function runEventId(type: string, runId: string): string {
  return nameBasedUuid(`monitor:${type}:${runId}`);
}
