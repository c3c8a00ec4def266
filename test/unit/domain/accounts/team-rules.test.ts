import { describe, expect, it } from 'vitest';
import type { StoredApiKey } from '#shared/domain/accounts/ports';
import { ROLE_SCOPES, scopesBeyondRole, scopesWithinRole } from '#shared/domain/accounts/roles';
import type { StoredMembership } from '#shared/domain/accounts/team-ports';
import { keyChangesFor, membersOf, roleFrom } from '#shared/domain/accounts/team-rules';

/**
 * How a team is read (shared/domain/accounts/team-rules.ts): a user owns the account of their own
 * id unless a stored membership says otherwise; nobody acts for an account being erased; a
 * member's keys follow the member's role.
 */
const ACCOUNT = 'acc-1';
const member = (userId: string, role: StoredMembership['role']): StoredMembership => ({
  account_id: ACCOUNT,
  user_id: userId,
  email: `${userId}@example.com`,
  role,
  joined_at: '2026-11-01T00:00:00.000Z',
});

describe('roleFrom', () => {
  it("reads a missing membership of the user's own account as its owner, and of others as none", () => {
    expect(roleFrom(ACCOUNT, ACCOUNT, {})).toBe('owner');
    expect(roleFrom(ACCOUNT, 'someone', {})).toBeNull();
  });

  it('reads the stored role, and a removed marker as no role', () => {
    expect(roleFrom(ACCOUNT, 'u2', { membership: member('u2', 'viewer') })).toBe('viewer');
    expect(roleFrom(ACCOUNT, ACCOUNT, { membership: member(ACCOUNT, 'admin') })).toBe('admin');
    expect(roleFrom(ACCOUNT, ACCOUNT, { membership: member(ACCOUNT, 'removed') })).toBeNull();
  });

  it('gives nobody a role in an account being erased, its owner included', () => {
    const account = { id: ACCOUNT, name: null, erasure_requested_at: '2026-11-02T00:00:00.000Z' };
    expect(roleFrom(ACCOUNT, ACCOUNT, { account })).toBeNull();
    expect(roleFrom(ACCOUNT, 'u2', { account, membership: member('u2', 'admin') })).toBeNull();
  });
});

describe('membersOf', () => {
  const namesake = {
    id: ACCOUNT,
    email: 'first@example.com',
    created_at: '2026-01-01T00:00:00.000Z',
    account: null,
  };

  it("lists the account's own user as owner while nothing of theirs is stored", () => {
    const members = membersOf(ACCOUNT, [member('u2', 'member')], namesake);
    expect(members.map((entry) => [entry.user_id, entry.role])).toEqual([
      [ACCOUNT, 'owner'],
      ['u2', 'member'],
    ]);
  });

  it('lists the stored roles once a transfer or a removal stored them', () => {
    const transferred = membersOf(
      ACCOUNT,
      [member(ACCOUNT, 'admin'), member('u2', 'owner')],
      namesake,
    );
    expect(
      transferred.filter((entry) => entry.role === 'owner').map((entry) => entry.user_id),
    ).toEqual(['u2']);
    const removed = membersOf(
      ACCOUNT,
      [member(ACCOUNT, 'removed'), member('u2', 'owner')],
      namesake,
    );
    expect(removed.map((entry) => entry.user_id)).toEqual(['u2']);
  });
});

describe('keys within a role', () => {
  const key = (id: string, scopes: StoredApiKey['scopes'], createdBy = 'u2'): StoredApiKey => ({
    id,
    user_id: ACCOUNT,
    created_by: createdBy,
    email: 'u2@example.com',
    scopes,
    plugin: scopes.includes('plugin'),
    hint: 'ars_…abcd',
    created_at: '2026-11-01T00:00:00.000Z',
    revoked_at: null,
  });

  it('keeps the operator scope and the plugin marker whatever the role', () => {
    expect(scopesWithinRole(['monitor:admin', 'plugin', 'scans:write'], 'viewer')).toEqual([
      'monitor:admin',
      'plugin',
    ]);
    expect(scopesBeyondRole(['account:manage', 'scans:read'], 'member')).toEqual([
      'account:manage',
    ]);
    expect(ROLE_SCOPES.owner).toEqual(ROLE_SCOPES.admin);
  });

  it("narrows a member's keys to a lower role and revokes those left with nothing", () => {
    const keys = [
      key('k1', ['scans:read', 'scans:write']),
      key('k2', ['scans:write', 'plugin']),
      key('k3', ['scans:read']),
      key('k4', ['scans:write'], 'someone-else'),
    ];
    expect(keyChangesFor(keys, 'u2', 'viewer')).toEqual([
      { keyId: 'k1', scopes: ['scans:read'] },
      { keyId: 'k2', scopes: null },
    ]);
  });

  it('revokes every active key of a member who leaves, and none of the others', () => {
    const keys = [
      key('k1', ['scans:read']),
      { ...key('k2', ['scans:read']), revoked_at: '2026-11-02T00:00:00.000Z' },
      key('k3', ['scans:read'], 'someone-else'),
    ];
    expect(keyChangesFor(keys, 'u2', null)).toEqual([{ keyId: 'k1', scopes: null }]);
  });
});
