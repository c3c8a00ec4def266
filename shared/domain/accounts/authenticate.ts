/**
 * Authentication of API requests: the bearer key of a request resolved to a principal for the
 * route's requirement (anonymous, key holder), with the errors of docs/api.md "Authentication".
 */
import { ForbiddenError, UnauthorizedError, UnavailableError } from '#shared/domain/kernel/errors';
import { hashApiKey, isWellFormedApiKey } from './api-keys.ts';
import type { KeyLookup, ResolvedKey, StoredApiKey, UsersRepository } from './ports.ts';
import { ANONYMOUS, type AuthRequirement, type KeyPrincipal, type Principal } from './principal.ts';
import { scopesWithinRole } from './roles.ts';
import type { Scope } from './scopes.ts';
import type { MembershipLookup } from './team-ports.ts';
import { memberRole } from './team-rules.ts';

export type { AuthRequirement, Principal } from './principal.ts';

export interface AuthDependencies {
  keys: KeyLookup;
  adminEmails: readonly string[];
}

/**
 * docs/api.md "Authentication": resolves the Authorization header to a principal for one route.
 * - routes with an optional key: no header = anonymous; a header that does not verify = 401
 *   `invalid_key` (never downgraded to anonymous);
 * - routes with a required key: a missing or unknown key = 401 `unauthorized`;
 * - a key that cannot be checked because the store is unreachable = 503 `auth_unavailable`;
 * - a key without the route's scope = 403 `insufficient_scope`.
 */
export async function authenticate(
  requirement: AuthRequirement,
  authorizationHeader: string | undefined,
  deps: AuthDependencies,
): Promise<Principal> {
  if (requirement.auth === 'none') return ANONYMOUS;
  const token = bearerToken(requirement, authorizationHeader);
  if (token === undefined) return ANONYMOUS;
  const principal = await keyPrincipal(requirement, token, deps);
  if (requirement.scope && !principal.scopes.has(requirement.scope)) {
    throw new ForbiddenError(
      'insufficient_scope',
      `This key lacks the "${requirement.scope}" scope that this route needs.`,
      { details: { required_scope: requirement.scope } },
    );
  }
  return principal;
}

/** The code of a key that does not verify: optional-key routes say so apart from a missing one. */
function unknownKeyCode(requirement: AuthRequirement): 'invalid_key' | 'unauthorized' {
  return requirement.auth === 'optional' ? 'invalid_key' : 'unauthorized';
}

/** The well-formed key of the header; undefined (anonymous) only where the key is optional. */
function bearerToken(
  requirement: AuthRequirement,
  authorizationHeader: string | undefined,
): string | undefined {
  if (authorizationHeader === undefined || authorizationHeader.trim() === '') {
    if (requirement.auth === 'optional') return undefined;
    throw new UnauthorizedError(
      'unauthorized',
      'This route needs an API key: send "Authorization: Bearer <API_KEY>".',
    );
  }
  // Two Authorization headers reach us joined with a comma (API Gateway, the local front): which
  // key was meant cannot be told, so neither is tried. A key never holds a comma.
  if (authorizationHeader.includes(',')) {
    throw new UnauthorizedError(
      unknownKeyCode(requirement),
      'Send exactly one Authorization header ("Bearer <API_KEY>"); several were sent.',
    );
  }
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorizationHeader)?.[1];
  if (!token) {
    throw new UnauthorizedError(
      unknownKeyCode(requirement),
      'The Authorization header must have the form "Bearer <API_KEY>".',
    );
  }
  if (!isWellFormedApiKey(token)) {
    throw new UnauthorizedError(
      unknownKeyCode(requirement),
      'The API key is not valid (malformed or mistyped).',
    );
  }
  return token;
}

/** The stored, unrevoked key behind the token, as a principal with its effective scopes. */
async function keyPrincipal(
  requirement: AuthRequirement,
  token: string,
  deps: AuthDependencies,
): Promise<KeyPrincipal> {
  let resolved: ResolvedKey | undefined;
  try {
    resolved = await deps.keys.resolveKey(hashApiKey(token));
  } catch (error) {
    throw new UnavailableError(
      'auth_unavailable',
      'The API key cannot be verified right now. Please retry shortly.',
      { cause: error },
    );
  }
  // A key whose creator left the account (or whose account is being erased) is refused like a
  // revoked one: it acts for nobody.
  if (!resolved || resolved.key.revoked_at !== null || resolved.role === null) {
    throw new UnauthorizedError(
      unknownKeyCode(requirement),
      'The API key is unknown or has been revoked.',
    );
  }
  const { key: stored, role } = resolved;
  return {
    kind: 'key',
    keyId: stored.id,
    accountId: stored.user_id,
    memberId: stored.created_by,
    email: stored.email,
    role,
    scopes: effectiveScopes(
      scopesWithinRole(stored.scopes, role),
      stored.plugin,
      stored.email,
      deps.adminEmails,
    ),
    plugin: stored.plugin,
  };
}

/**
 * The key lookup authentication uses: the stored key by its hash, with its creator's role in the
 * key's account read at the same time, so a member who leaves or loses a role takes their keys'
 * power along at once (within the key cache's TTL).
 */
export function createKeyResolver(deps: {
  users: Pick<UsersRepository, 'findKeyByHash'>;
  members: MembershipLookup;
}): KeyLookup {
  return {
    async resolveKey(hash) {
      const key: StoredApiKey | undefined = await deps.users.findKeyByHash(hash);
      if (!key) return undefined;
      if (key.revoked_at !== null) return { key, role: null };
      return { key, role: await memberRole(deps.members, key.user_id, key.created_by) };
    },
  };
}

/**
 * `monitor:admin` holds only while the owner's address is on the admin list and the key is not a
 * plugin key; checked on every request, so removing an address from ADMIN_EMAILS takes effect
 * without touching stored keys.
 */
export function effectiveScopes(
  scopes: readonly Scope[],
  plugin: boolean,
  email: string,
  adminEmails: readonly string[],
): ReadonlySet<Scope> {
  const effective = new Set(scopes);
  if (plugin) effective.add('plugin');
  if (plugin || !adminEmails.includes(email.toLowerCase())) effective.delete('monitor:admin');
  return effective;
}
