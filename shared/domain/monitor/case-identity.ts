/**
 * No two active cases of an owner alike (issue 36 point 6): a case is the same as another when
 * its name, domain, category, region and languages are (compared folded: case, blanks and
 * Unicode forms aside, languages as a set). A second such case is refused with 409
 * `duplicate_case`, naming the first. Cases that differ in region or languages are different
 * cases, and the lists tell them apart.
 *
 * The rule holds under concurrency (a form sent twice at once) by a claim per identity, one
 * conditional write: the claim names the case that holds the identity, and counts only while that
 * case exists, is active and still has the identity. So a claim left by a create that died, by a
 * case archived or changed since, is taken over, never obeyed.
 */

import { ConflictError } from '#shared/domain/kernel/errors';
import { sha256Hex } from '#shared/domain/kernel/hash';
import type { CaseIdentityClaims, StoredCase } from './ports.ts';
import type { CaseRef } from './run-ref.ts';

/** The fields that make two cases the same. */
export type CaseIdentityFields = Pick<
  StoredCase,
  'name' | 'domain' | 'category' | 'region' | 'languages'
>;

const fold = (text: string | null | undefined) =>
  (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The identity of a case's fields, as a stable hash. */
export function caseIdentity(fields: CaseIdentityFields): string {
  const languages = [...new Set(fields.languages.map(fold))].sort().join(',');
  const parts = [fields.name, fields.domain, fields.category, fields.region].map(fold);
  return sha256Hex(JSON.stringify([...parts, languages]));
}

function duplicate(existing: StoredCase): ConflictError {
  return new ConflictError(
    'duplicate_case',
    `An active case with the same name, domain, category, region and languages exists: "${existing.name}" (${existing.id}). Change one of them, or open that case.`,
    { details: { case_id: existing.id, name: existing.name } },
  );
}

interface ClaimDeps {
  claims: CaseIdentityClaims;
  getCase(ref: CaseRef): Promise<StoredCase | undefined>;
}

/**
 * Makes `caseId` the holder of the fields' identity for the owner, or refuses with 409
 * `duplicate_case` when an active case with the same identity holds it. Returns the identity.
 */
export async function claimCaseIdentity(
  deps: ClaimDeps,
  ownerId: string,
  fields: CaseIdentityFields,
  caseId: string,
): Promise<string> {
  const identity = caseIdentity(fields);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = await deps.claims.holder(ownerId, identity);
    if (holder === caseId) return identity;
    if (holder !== undefined) {
      const existing = await deps.getCase({ owner_id: ownerId, case_id: holder });
      const counts =
        existing !== undefined &&
        existing.status !== 'archived' &&
        caseIdentity(existing) === identity;
      if (counts) throw duplicate(existing);
    }
    if (await deps.claims.take(ownerId, identity, caseId, holder)) return identity;
  }
  // Claimed by another request each time we looked: it is a duplicate in the making.
  throw new ConflictError(
    'duplicate_case',
    'An identical case is being created at this moment; open the list of cases.',
  );
}

/** What the create and patch of a case need: the cases store's claims and reads. */
export interface CaseIdentityDeps {
  cases: { identities: CaseIdentityClaims; getCase(ref: CaseRef): Promise<StoredCase | undefined> };
}

const claimDeps = (deps: CaseIdentityDeps): ClaimDeps => ({
  claims: deps.cases.identities,
  getCase: (ref) => deps.cases.getCase(ref),
});

/** Writes a new case under its identity's claim; the claim goes again if the write fails. */
export async function createUnderIdentity(
  deps: CaseIdentityDeps,
  stored: StoredCase,
  write: () => Promise<void>,
): Promise<void> {
  if (stored.status === 'archived') return write();
  const identity = await claimCaseIdentity(claimDeps(deps), stored.owner_id, stored, stored.id);
  try {
    await write();
  } catch (error) {
    await deps.cases.identities.release(stored.owner_id, identity, stored.id);
    throw error;
  }
}

/**
 * Changes a case under the claims: an active result claims its identity first (409 when an
 * identical active case holds it); the old identity is released once the change is written and
 * the case no longer holds it (archived, or other identity fields).
 */
export async function patchUnderIdentity<T>(
  deps: CaseIdentityDeps,
  before: StoredCase,
  after: CaseIdentityFields & Pick<StoredCase, 'status'>,
  write: () => Promise<T>,
): Promise<T> {
  const owner = before.owner_id;
  const next =
    after.status === 'archived'
      ? undefined
      : await claimCaseIdentity(claimDeps(deps), owner, after, before.id);
  const written = await write();
  const previous = caseIdentity(before);
  if (previous !== next) await deps.cases.identities.release(owner, previous, before.id);
  return written;
}
