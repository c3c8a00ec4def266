/**
 * No two active cases of an owner alike (issue 36 point 6): the identity is name, domain,
 * category, region and languages folded; a claim counts only while its case is active and still
 * has the identity, so a claim a crash or an archive left behind is taken over.
 */
import { describe, expect, it } from 'vitest';
import { caseIdentity, createUnderIdentity } from '#shared/domain/monitor/case-identity';
import type { CaseIdentityClaims, StoredCase } from '#shared/domain/monitor/ports';

function store() {
  const claims = new Map<string, string>();
  const cases = new Map<string, StoredCase>();
  const identities: CaseIdentityClaims = {
    holder: async (owner, identity) => claims.get(`${owner}/${identity}`),
    async take(owner, identity, caseId, previous) {
      const key = `${owner}/${identity}`;
      if (claims.get(key) !== previous) return false;
      claims.set(key, caseId);
      return true;
    },
    async release(owner, identity, caseId) {
      if (claims.get(`${owner}/${identity}`) === caseId) claims.delete(`${owner}/${identity}`);
    },
  };
  const deps = {
    cases: { identities, getCase: async (ref: { case_id: string }) => cases.get(ref.case_id) },
  };
  const create = (stored: StoredCase) =>
    createUnderIdentity(deps, stored, async () => void cases.set(stored.id, stored));
  return { cases, claims, create };
}

const acme = (id: string, changes: Partial<StoredCase> = {}) =>
  ({
    id,
    owner_id: 'u1',
    name: 'Acme Analytics',
    domain: 'acme.example',
    category: 'analytics',
    region: 'Germany',
    languages: ['de', 'en'],
    status: 'active',
    ...changes,
  }) as StoredCase;

describe('case identity', () => {
  it('folds case, blanks and the order of languages', () => {
    expect(caseIdentity(acme('a'))).toBe(
      caseIdentity(acme('b', { name: ' acme  ANALYTICS', languages: ['en', 'de'] })),
    );
    expect(caseIdentity(acme('a'))).not.toBe(caseIdentity(acme('b', { region: 'Austria' })));
    expect(caseIdentity(acme('a'))).not.toBe(caseIdentity(acme('b', { languages: ['de'] })));
  });

  it('refuses a second identical active case with 409 duplicate_case naming the first', async () => {
    const { create } = store();
    await create(acme('first'));
    const refused = await create(acme('second')).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'duplicate_case',
      details: { case_id: 'first', name: 'Acme Analytics' },
    });
    await expect(create(acme('austria', { region: 'Austria' }))).resolves.toBeUndefined();
  });

  it('takes over a claim whose case never got written, was archived or changed', async () => {
    const { cases, claims, create } = store();
    claims.set(`u1/${caseIdentity(acme('x'))}`, 'never-written');
    await create(acme('one'));
    cases.set('one', acme('one', { status: 'archived' }));
    await create(acme('two'));
    cases.set('two', acme('two', { name: 'Acme Renamed' }));
    await expect(create(acme('three'))).resolves.toBeUndefined();
  });

  it('lets go of the claim when the case cannot be written', async () => {
    const claims = new Map<string, string>();
    const identities: CaseIdentityClaims = {
      holder: async () => undefined,
      async take(_owner, identity, caseId) {
        claims.set(identity, caseId);
        return true;
      },
      async release(_owner, identity) {
        claims.delete(identity);
      },
    };
    const failing = createUnderIdentity(
      { cases: { identities, getCase: async () => undefined } },
      acme('broken'),
      async () => {
        throw new Error('store down');
      },
    );
    await expect(failing).rejects.toThrow('store down');
    expect(claims.size).toBe(0);
  });
});
