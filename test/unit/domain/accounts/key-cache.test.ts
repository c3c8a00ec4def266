import { describe, expect, it } from 'vitest';
import { createCachedKeyLookup, forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type { KeyLookup, StoredApiKey } from '#shared/domain/accounts/ports';

const key: StoredApiKey = {
  id: 'key_1',
  user_id: 'u1',
  created_by: 'u1',
  email: 'a@example.com',
  scopes: ['scans:read'],
  plugin: false,
  hint: 'ars_…abcd',
  created_at: '2026-11-23T00:00:00.000Z',
  revoked_at: null,
};

function countingLookup(answer: () => StoredApiKey | undefined) {
  const calls: string[] = [];
  const lookup: KeyLookup = {
    async resolveKey(hash) {
      calls.push(hash);
      const found = answer();
      return found && { key: found, role: 'owner' };
    },
  };
  return { lookup, calls };
}

describe('the verified-key cache', () => {
  it('reads the store once per key within the TTL, and again after it', async () => {
    let now = 0;
    const { lookup, calls } = countingLookup(() => key);
    const cached = createCachedKeyLookup(lookup, 1000, () => now);
    await cached.resolveKey('h');
    await cached.resolveKey('h');
    expect(calls).toHaveLength(1);
    now = 1001;
    await cached.resolveKey('h');
    expect(calls).toHaveLength(2);
  });

  it('sees a revocation at the latest when the TTL ends, at once when revoked in this process', async () => {
    let now = 0;
    let current: StoredApiKey = key;
    const { lookup } = countingLookup(() => current);
    const cached = createCachedKeyLookup(lookup, 1000, () => now);
    expect((await cached.resolveKey('h'))?.key.revoked_at).toBeNull();
    current = { ...key, revoked_at: '2026-11-23T00:00:01.000Z' };
    now = 500;
    expect((await cached.resolveKey('h'))?.key.revoked_at).toBeNull();
    forgetCachedKeys();
    expect((await cached.resolveKey('h'))?.key.revoked_at).not.toBeNull();
  });

  it('is not a cache at all with a TTL of 0', async () => {
    const { lookup, calls } = countingLookup(() => undefined);
    const cached = createCachedKeyLookup(lookup, 0);
    await cached.resolveKey('h');
    await cached.resolveKey('h');
    expect(calls).toHaveLength(2);
  });
});
