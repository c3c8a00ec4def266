/**
 * The "last used" time of API keys (docs/api.md "API keys", docs/decisions.md "Last used of
 * keys"): every request with a key to a route that takes one, and every tool-server call, marks
 * the key used. The time is kept coarse on purpose so that using a key costs no write per
 * request: the store moves it only when it is older than KEY_LAST_USED_RESOLUTION_MS (one
 * conditional write, shared by every instance), and each process tries at most once per key in
 * that time (an in-process memo). So the stored time is never more than twice the resolution
 * behind the real last use: within an hour.
 */
import type { Logger } from '#shared/domain/kernel/logger';
import type { KeyUsage } from './ports.ts';
import type { Principal } from './principal.ts';

/** How stale the stored time may get before it is written again, and how often a process tries. */
export const KEY_LAST_USED_RESOLUTION_MS = 30 * 60 * 1000;

/** Keys remembered per process; past it the oldest is forgotten (and may be tried again early). */
const MAX_REMEMBERED_KEYS = 1000;

export interface KeyUseRecorder {
  /**
   * Marks the principal's key used now (nothing for other principals). Never throws: a store
   * that cannot take the write must not fail the request that used the key.
   */
  record(principal: Principal): Promise<void>;
}

export function createKeyUseRecorder(
  usage: KeyUsage,
  logger: Logger,
  now: () => number = Date.now,
): KeyUseRecorder {
  // Key id -> when this process last tried to write it.
  const tried = new Map<string, number>();
  return {
    async record(principal) {
      if (principal.kind !== 'key') return;
      const at = now();
      const last = tried.get(principal.keyId);
      if (last !== undefined && at - last < KEY_LAST_USED_RESOLUTION_MS) return;
      tried.delete(principal.keyId);
      if (tried.size >= MAX_REMEMBERED_KEYS) {
        // Maps iterate in insertion order: the first key is the longest untried.
        const oldest = tried.keys().next().value;
        if (oldest !== undefined) tried.delete(oldest);
      }
      // Remembered before the write, and also when it fails: one try per key in the resolution,
      // so a store outage gets no extra write per request from this.
      tried.set(principal.keyId, at);
      try {
        await usage.recordUse(principal.keyId, new Date(at));
      } catch (error) {
        logger.warn('key use not recorded', { error: error as Error });
      }
    },
  };
}
