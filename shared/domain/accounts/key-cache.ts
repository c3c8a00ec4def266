/**
 * A short-lived, bounded in-process cache of key lookups (found and not found), so a client
 * making many calls with one key costs one store read per TTL instead of one per call. A revoked
 * key keeps working at most `ttlMs` in other processes; revocations made in this process clear
 * the cache at once (`forgetCachedKeys`).
 */
import type { KeyLookup, ResolvedKey } from './ports.ts';

const MAX_ENTRIES = 1000;

interface Entry {
  value: ResolvedKey | undefined;
  expiresAt: number;
}

const caches = new Set<Map<string, Entry>>();

export function forgetCachedKeys(): void {
  for (const cache of caches) cache.clear();
}

export function createCachedKeyLookup(
  inner: KeyLookup,
  ttlMs: number,
  now: () => number = Date.now,
): KeyLookup {
  if (ttlMs <= 0) return inner;
  const entries = new Map<string, Entry>();
  caches.add(entries);
  return {
    async resolveKey(hash) {
      const hit = entries.get(hash);
      if (hit && hit.expiresAt > now()) return hit.value;
      const value = await inner.resolveKey(hash);
      entries.delete(hash);
      if (entries.size >= MAX_ENTRIES) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(hash, { value, expiresAt: now() + ttlMs });
      return value;
    },
  };
}
