/**
 * The account's API keys, for the API (`/api/v1/keys`) and the dashboard alike. Who may do what:
 * - any key of the account, or a dashboard session, lists the account's keys (never a secret);
 * - a caller creates keys only with scopes it holds itself: a key can never mint a key more
 *   powerful than itself. `plugin` only restricts, so anyone may ask for it, and a plugin key
 *   creates plugin keys only. `monitor:admin` needs an address on ADMIN_EMAILS as well (checked
 *   by the operator service, the one place that rule lives). A session holds every scope the
 *   account may use, so the dashboard offers them all;
 * - a caller revokes only keys whose scopes it holds (itself included), so a narrow key cannot
 *   take away a wider one; another member's key only with `account:manage` (an admin's or the
 *   owner's);
 * - a key is made under its creator's role in the account and never carries more (issueKey);
 *   making and revoking keys are written with their audit events.
 */

import { actorOf, auditEvent } from '#shared/domain/audit/events';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ForbiddenError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import type { CreateKeyBody, KeyIdParams, KeyView } from './key-schemas.ts';
import { issueKey } from './operator-service.ts';
import type { KeyUsage, StoredApiKey, UsersRepository } from './ports.ts';
import { isScope, type Scope } from './scopes.ts';

export interface KeyDeps {
  users: UsersRepository;
  /** When each key was last used (`last_used_at`). */
  usage: Pick<KeyUsage, 'lastUsed'>;
  adminEmails: readonly string[];
  clock: Clock;
}

/** The key as the API shows it; `lastUsedAt` from KeyUsage (null: not used since it is kept). */
export function keyView(stored: StoredApiKey, lastUsedAt: string | null = null): KeyView {
  return {
    id: stored.id,
    hint: stored.hint,
    name: stored.name ?? null,
    scopes: stored.scopes,
    plugin: stored.plugin,
    created_at: stored.created_at,
    revoked_at: stored.revoked_at,
    last_used_at: lastUsedAt,
  };
}

/** The views of `keys` with their last use, read in one go. */
async function keyViews(keys: readonly StoredApiKey[], deps: KeyDeps): Promise<KeyView[]> {
  const lastUsed = keys.length > 0 ? await deps.usage.lastUsed(keys.map((key) => key.id)) : null;
  return keys.map((key) => keyView(key, lastUsed?.get(key.id) ?? null));
}

async function oneKeyView(key: StoredApiKey, deps: KeyDeps): Promise<KeyView> {
  return keyView(key, (await deps.usage.lastUsed([key.id])).get(key.id) ?? null);
}

/** Scopes of `wanted` the caller does not hold (`plugin` never counts: it only restricts). */
export function scopesNotHeld(caller: ReadonlySet<Scope>, wanted: readonly Scope[]): Scope[] {
  return wanted.filter((scope) => scope !== 'plugin' && !caller.has(scope));
}

export async function listKeys(input: CallerInput, deps: KeyDeps): Promise<{ keys: KeyView[] }> {
  const keys = await deps.users.listKeys(input.principal.accountId);
  return { keys: (await keyViews(keys, deps)).reverse() };
}

export async function createKey(
  input: CallerInput<undefined, undefined, CreateKeyBody>,
  deps: KeyDeps,
): Promise<{ key: KeyView; api_key: string }> {
  const principal = input.principal;
  const unknown = input.body.scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) {
    throw new BadRequestError('invalid_scope', `Unknown scope(s): ${unknown.join(', ')}.`);
  }
  const wanted = [...new Set(input.body.scopes as Scope[])];
  const isAdminAddress = deps.adminEmails.includes(principal.email.toLowerCase());
  // monitor:admin for an address off the list is the operator service's refusal (403).
  const notHeld = scopesNotHeld(principal.scopes, wanted).filter(
    (scope) => scope !== 'monitor:admin' || isAdminAddress,
  );
  if (notHeld.length > 0) {
    throw new BadRequestError(
      'invalid_scope',
      `A key can only be created with scopes the caller holds; this ${principal.kind} ` +
        `does not hold ${notHeld.join(', ')}.`,
      { details: { not_held: notHeld } },
    );
  }
  // issueKey writes the key within the account's cap (its place taken atomically).
  const { key, stored } = await issueKey(deps, {
    accountId: principal.accountId,
    creator: { id: principal.memberId, email: principal.email, role: principal.role },
    scopes: wanted,
    plugin: input.body.plugin === true || (principal.kind === 'key' && principal.plugin),
    name: input.body.name?.trim() || null,
    actor: actorOf(principal),
  });
  return { key: keyView(stored), api_key: key };
}

export async function revokeKey(
  input: CallerInput<KeyIdParams>,
  deps: KeyDeps,
): Promise<{ key: KeyView }> {
  const principal = input.principal;
  const keys = await deps.users.listKeys(principal.accountId);
  // Another account's key reads exactly like a missing one.
  const target = keys.find((key) => key.id === input.params.id);
  if (!target) throw new NotFoundError(`No key with id "${input.params.id}".`);
  if (target.created_by !== principal.memberId && !principal.scopes.has('account:manage')) {
    throw new ForbiddenError(
      'insufficient_role',
      `Only an admin or the owner revokes another member's key; your role is ${principal.role}.`,
      { details: { role: principal.role } },
    );
  }
  const notHeld = scopesNotHeld(principal.scopes, target.scopes);
  if (notHeld.length > 0) {
    throw new ForbiddenError(
      'insufficient_scope',
      `This key cannot revoke a key with scopes it does not hold (${notHeld.join(', ')}).`,
      { details: { not_held: notHeld } },
    );
  }
  // Revoking a revoked key again keeps its first time and finishes freeing its place, should an
  // earlier revoke have stopped between the two writes.
  const at = nowIso(deps.clock);
  const revoked = await deps.users.revokeKey(target.id, at, (key) =>
    auditEvent(
      principal,
      'key.revoked',
      { type: 'key', id: key.id },
      { scopes: key.scopes, created_by: key.created_by },
      deps.clock,
    ),
  );
  return { key: await oneKeyView(revoked, deps) };
}
