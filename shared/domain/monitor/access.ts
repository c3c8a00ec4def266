/**
 * Who may do what with cases (docs/api.md "Authentication", "Scopes"): a key without a Monitor account gets
 * 403 `no_account`; reads are keyed by the key holder's id, except for a `monitor:admin` key,
 * which reads any tenant's case (never writes it); manual runs need the Pro plan with an
 * active subscription (402 `plan_required`). Another tenant's case reads as 404.
 */
import type { User } from '#shared/domain/accounts/ports';
import { type Caller, readsAllTenants } from '#shared/domain/accounts/principal';
import { ForbiddenError, NotFoundError, PaymentRequiredError } from '#shared/domain/kernel/errors';
import { activePlan } from '#shared/domain/kernel/plans';
import type { CasesStore, StoredCase } from './ports.ts';

export interface AccessDeps {
  cases: CasesStore;
  users: { findUserById(id: string): Promise<User | undefined> };
}

export function noAccount(): ForbiddenError {
  return new ForbiddenError(
    'no_account',
    'This key belongs to a user without a Monitor account; case routes need one.',
  );
}

/** The key holder's user with a Monitor account; 403 `no_account` without one. */
export async function requireAccount(principal: Caller, deps: AccessDeps): Promise<User> {
  const user = await deps.users.findUserById(principal.accountId);
  if (!user?.account) throw noAccount();
  return user;
}

/**
 * Reads need an account, except for `monitor:admin` keys: reading every tenant is an operator
 * capability, held by the operator's address whether or not it has a Monitor account itself.
 */
export async function requireReader(principal: Caller, deps: AccessDeps): Promise<void> {
  if (!readsAllTenants(principal)) await requireAccount(principal, deps);
}

export function caseNotFound(caseId: string): NotFoundError {
  return new NotFoundError(`No case with id "${caseId}".`);
}

/**
 * A case the principal may read: its own, or any case for a monitor:admin key. The id is as the
 * request's schema left it (lower-case, RecordIdSchema).
 */
export async function readableCase(
  principal: Caller,
  caseId: string,
  deps: AccessDeps,
): Promise<StoredCase> {
  await requireReader(principal, deps);
  const own = await deps.cases.getCase({ owner_id: principal.accountId, case_id: caseId });
  if (own) return own;
  if (readsAllTenants(principal)) {
    const owner = await deps.cases.findOwner(caseId);
    const found = owner
      ? await deps.cases.getCase({ owner_id: owner, case_id: caseId })
      : undefined;
    if (found) return found;
  }
  throw caseNotFound(caseId);
}

/** A case the principal may change or run: only its own, whatever its scopes. */
export async function ownCase(
  principal: Caller,
  caseId: string,
  deps: AccessDeps,
): Promise<{ user: User; stored: StoredCase }> {
  const user = await requireAccount(principal, deps);
  const stored = await deps.cases.getCase({ owner_id: principal.accountId, case_id: caseId });
  if (!stored) throw caseNotFound(caseId);
  return { user, stored };
}

/** Manual runs: Pro plan with a subscription that has not ended at `now`. */
export function requireRunPlan(user: User, now: Date): void {
  const plan = activePlan(user.account, now);
  if (plan !== 'pro') {
    throw new PaymentRequiredError(
      'plan_required',
      `Manual runs need the Pro plan; this account is on the ${plan} plan. Monthly runs of ` +
        'Pro accounts are scheduled automatically.',
    );
  }
}
