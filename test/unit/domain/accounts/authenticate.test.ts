import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '#shared/domain/accounts/api-keys';
import { authenticate, effectiveScopes } from '#shared/domain/accounts/authenticate';
import type { KeyLookup, StoredApiKey } from '#shared/domain/accounts/ports';
import type { Role } from '#shared/domain/accounts/roles';
import { AppError } from '#shared/domain/kernel/errors';

const KEY = generateApiKey();

function storedKey(overrides: Partial<StoredApiKey> = {}): StoredApiKey {
  return {
    id: 'key_1',
    user_id: 'user-1',
    created_by: 'user-1',
    email: 'dev@example.com',
    scopes: ['scans:read'],
    plugin: false,
    hint: 'ars_…abcd',
    created_at: '2026-01-01T00:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

function lookupOf(keys: Record<string, StoredApiKey>, role: Role | null = 'owner'): KeyLookup {
  return {
    resolveKey: async (hash) => {
      const key = keys[hash];
      return key && { key, role };
    },
  };
}

const failingLookup: KeyLookup = {
  resolveKey: async () => {
    throw new Error('connect ECONNREFUSED');
  },
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const deps = (keys: KeyLookup = lookupOf({ [hashApiKey(KEY)]: storedKey() })) => ({
  keys,
  adminEmails: ['ops@example.com'],
});

describe('authenticate', () => {
  it('lets anonymous callers through routes with an optional key', async () => {
    const principal = await authenticate(
      { auth: 'optional', scope: 'scans:read' },
      undefined,
      deps(),
    );
    expect(principal.kind).toBe('anonymous');
  });

  it('requires a key on routes with a required key: 401 unauthorized', async () => {
    expect(await codeOf(authenticate({ auth: 'required' }, undefined, deps()))).toBe(
      'unauthorized',
    );
    expect(
      await codeOf(authenticate({ auth: 'required' }, `Bearer ${generateApiKey()}`, deps())),
    ).toBe('unauthorized');
  });

  it('answers an unknown key on optional routes with invalid_key, never as anonymous', async () => {
    expect(
      await codeOf(authenticate({ auth: 'optional' }, `Bearer ${generateApiKey()}`, deps())),
    ).toBe('invalid_key');
    expect(await codeOf(authenticate({ auth: 'optional' }, 'Bearer', deps()))).toBe('invalid_key');
    expect(await codeOf(authenticate({ auth: 'optional' }, `Token ${KEY}`, deps()))).toBe(
      'invalid_key',
    );
  });

  it('rejects malformed keys without reading the store', async () => {
    // A lookup that would fail proves no read happened: the result is 401, not 503.
    expect(
      await codeOf(authenticate({ auth: 'optional' }, 'Bearer ars_short', deps(failingLookup))),
    ).toBe('invalid_key');
  });

  it('refuses two Authorization headers (joined with a comma) without reading the store', async () => {
    const deps = { keys: failingLookup, adminEmails: [] };
    const joined = `Bearer ${KEY}, Bearer ${KEY}`;
    expect(await codeOf(authenticate({ auth: 'optional' }, joined, deps))).toBe('invalid_key');
    expect(await codeOf(authenticate({ auth: 'required' }, joined, deps))).toBe('unauthorized');
  });

  it('answers a store failure with auth_unavailable', async () => {
    expect(
      await codeOf(authenticate({ auth: 'optional' }, `Bearer ${KEY}`, deps(failingLookup))),
    ).toBe('auth_unavailable');
    expect(
      await codeOf(authenticate({ auth: 'required' }, `Bearer ${KEY}`, deps(failingLookup))),
    ).toBe('auth_unavailable');
  });

  it('treats a revoked key as unknown', async () => {
    const revoked = lookupOf({
      [hashApiKey(KEY)]: storedKey({ revoked_at: '2026-02-01T00:00:00.000Z' }),
    });
    expect(await codeOf(authenticate({ auth: 'optional' }, `Bearer ${KEY}`, deps(revoked)))).toBe(
      'invalid_key',
    );
  });

  it('checks the route scope: 403 insufficient_scope', async () => {
    expect(
      await codeOf(
        authenticate({ auth: 'optional', scope: 'scans:write' }, `Bearer ${KEY}`, deps()),
      ),
    ).toBe('insufficient_scope');
    const principal = await authenticate(
      { auth: 'optional', scope: 'scans:read' },
      `bearer  ${KEY}`,
      deps(),
    );
    expect(principal.kind).toBe('key');
  });

  it("acts for the key's account as its creator, with the creator's role now", async () => {
    const stored = storedKey({ user_id: 'team-1', created_by: 'user-2' });
    const principal = await authenticate(
      { auth: 'required' },
      `Bearer ${KEY}`,
      deps(lookupOf({ [hashApiKey(KEY)]: stored }, 'member')),
    );
    expect(principal).toMatchObject({ accountId: 'team-1', memberId: 'user-2', role: 'member' });
  });

  it("narrows a key to its creator's current role: a viewer's write scopes are gone", async () => {
    const stored = storedKey({ scopes: ['scans:read', 'scans:write', 'webhooks:manage'] });
    const keys = lookupOf({ [hashApiKey(KEY)]: stored }, 'viewer');
    const principal = await authenticate({ auth: 'required' }, `Bearer ${KEY}`, deps(keys));
    expect(principal.kind === 'key' && [...principal.scopes]).toEqual(['scans:read']);
    expect(
      await codeOf(
        authenticate({ auth: 'required', scope: 'scans:write' }, `Bearer ${KEY}`, deps(keys)),
      ),
    ).toBe('insufficient_scope');
  });

  it('refuses the key of a creator who left the account like a revoked key: 401', async () => {
    const keys = lookupOf({ [hashApiKey(KEY)]: storedKey() }, null);
    expect(await codeOf(authenticate({ auth: 'required' }, `Bearer ${KEY}`, deps(keys)))).toBe(
      'unauthorized',
    );
    expect(await codeOf(authenticate({ auth: 'optional' }, `Bearer ${KEY}`, deps(keys)))).toBe(
      'invalid_key',
    );
  });
});

describe('effectiveScopes', () => {
  it('keeps monitor:admin only for addresses on the admin list', () => {
    expect(
      effectiveScopes(['monitor:admin'], false, 'OPS@example.com', ['ops@example.com']).has(
        'monitor:admin',
      ),
    ).toBe(true);
    expect(
      effectiveScopes(['monitor:admin'], false, 'dev@example.com', ['ops@example.com']).has(
        'monitor:admin',
      ),
    ).toBe(false);
  });

  it('never gives monitor:admin to a plugin key, even for an admin address', () => {
    const scopes = effectiveScopes(['monitor:admin', 'monitor:read'], true, 'ops@example.com', [
      'ops@example.com',
    ]);
    expect(scopes.has('monitor:admin')).toBe(false);
    expect(scopes.has('plugin')).toBe(true);
    expect(scopes.has('monitor:read')).toBe(true);
  });
});
