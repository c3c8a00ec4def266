/**
 * What an operator does with users and keys (the admin CLI is a thin shell over this).
 * The rules of docs/api.md "Scopes" that apply at creation time live here:
 * `monitor:admin` only for addresses on the admin list, never on a plugin key; at most
 * MAX_ACTIVE_KEYS active keys per account, whoever creates them (the store takes the place).
 */
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ForbiddenError, NotFoundError } from '#shared/domain/kernel/errors';
import { generateApiKey, generateKeyId, hashApiKey, keyHint } from './api-keys.ts';
import { MAX_ACTIVE_KEYS } from './key-schemas.ts';
import type {
  Account,
  Plan,
  StoredApiKey,
  SubscriptionState,
  User,
  UsersRepository,
} from './ports.ts';
import { isScope, SCOPES, type Scope } from './scopes.ts';

export interface OperatorDeps {
  users: UsersRepository;
  adminEmails: readonly string[];
  clock: Clock;
  newUserId?: () => string;
}

/**
 * One `@`, a dot after it, and no blank, angle bracket, quote, backtick or control character
 * anywhere: an address typed into the sign-in form reaches mail headers, pages and logs, where
 * none of these belongs (issue 36 point 4).
 */
const EMAIL_PART = '[^\\s@<>"\'`\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]+';
const EMAIL_PATTERN = new RegExp(`^${EMAIL_PART}@${EMAIL_PART}\\.${EMAIL_PART}$`, 'u');

/** The longest e-mail address accepted (RFC 5321's path limit less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

export function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(normalised) || normalised.length > MAX_EMAIL_LENGTH) {
    // The address is not echoed: it may hold what it was refused for.
    throw new BadRequestError('invalid_email', 'That is not a valid e-mail address.');
  }
  return normalised;
}

export function parseAccount(plan: string, subscription: string | undefined): Account | null {
  if (plan === 'none') {
    if (subscription !== undefined) {
      throw new BadRequestError('invalid_account', '--subscription needs --plan free or pro.');
    }
    return null;
  }
  if (plan !== 'free' && plan !== 'pro') {
    throw new BadRequestError('invalid_account', `Unknown plan "${plan}": use none, free or pro.`);
  }
  const state = subscription ?? 'active';
  if (state !== 'active' && state !== 'ended') {
    throw new BadRequestError(
      'invalid_account',
      `Unknown subscription "${state}": use active or ended.`,
    );
  }
  return { plan: plan as Plan, subscription: state as SubscriptionState };
}

/** The account a user is created with or moved to, as the CLI gives it. */
interface AccountInput {
  email: string;
  plan: string;
  subscription?: string | undefined;
}

export function createOperatorService(deps: OperatorDeps) {
  return {
    createUser: (input: AccountInput) => createUser(deps, input),
    setAccount: (input: AccountInput) => setAccount(deps, input),
    createKey: (input: {
      email: string;
      scopes: string[];
      plugin: boolean;
      name?: string | null;
    }) => createKey(deps, input),
    listUsers: () => deps.users.listUsers(),
    listKeys: async (email: string): Promise<StoredApiKey[]> =>
      deps.users.listKeys((await requireUser(deps, email)).id),
    revokeKey: (keyId: string) => deps.users.revokeKey(keyId, nowIso(deps.clock)),
  };
}

async function requireUser(deps: OperatorDeps, email: string): Promise<User> {
  const user = await deps.users.findUserByEmail(normaliseEmail(email));
  if (!user) {
    throw new NotFoundError(`No user with e-mail ${email}. Create it first with create-user.`);
  }
  return user;
}

async function createUser(deps: OperatorDeps, input: AccountInput): Promise<User> {
  const user: User = {
    id: deps.newUserId?.() ?? crypto.randomUUID(),
    email: normaliseEmail(input.email),
    created_at: nowIso(deps.clock),
    account: parseAccount(input.plan, input.subscription),
  };
  await deps.users.createUser(user);
  return user;
}

async function setAccount(deps: OperatorDeps, input: AccountInput): Promise<User> {
  const user = await requireUser(deps, input.email);
  const account = parseAccount(input.plan, input.subscription);
  await deps.users.setAccount(user.id, account);
  return { ...user, account };
}

async function createKey(
  deps: OperatorDeps,
  input: { email: string; scopes: string[]; plugin: boolean; name?: string | null },
): Promise<{ key: string; stored: StoredApiKey }> {
  const user = await requireUser(deps, input.email);
  const scopes = keyScopes(input.scopes, input.plugin, user, deps.adminEmails);
  const key = generateApiKey();
  const stored: StoredApiKey = {
    id: generateKeyId(),
    user_id: user.id,
    email: user.email,
    scopes: [...scopes],
    plugin: scopes.has('plugin'),
    hint: keyHint(key),
    name: input.name ?? null,
    created_at: nowIso(deps.clock),
    revoked_at: null,
  };
  if (!(await deps.users.putKey(stored, hashApiKey(key), MAX_ACTIVE_KEYS))) {
    throw new BadRequestError(
      'invalid_request',
      `An account can hold at most ${MAX_ACTIVE_KEYS} active keys; revoke one first.`,
    );
  }
  return { key, stored };
}

/** The scopes a new key gets, checked against the creation-time rules above. */
function keyScopes(
  requested: readonly string[],
  plugin: boolean,
  user: User,
  adminEmails: readonly string[],
): Set<Scope> {
  const unknown = requested.filter((scope) => !isScope(scope));
  if (unknown.length > 0) {
    throw new BadRequestError(
      'invalid_scope',
      `Unknown scope(s): ${unknown.join(', ')}. Known scopes: ${SCOPES.join(', ')}.`,
    );
  }
  const scopes = new Set(requested as Scope[]);
  if (plugin) scopes.add('plugin');
  if (scopes.size === 0) {
    throw new BadRequestError('invalid_scope', 'A key needs at least one scope (--scopes).');
  }
  if (scopes.has('monitor:admin')) {
    if (scopes.has('plugin')) {
      throw new ForbiddenError('admin_not_allowed', 'A plugin key never carries monitor:admin.');
    }
    if (!adminEmails.includes(user.email)) {
      throw new ForbiddenError(
        'admin_not_allowed',
        `monitor:admin is only for keys of addresses in ADMIN_EMAILS; ${user.email} is not listed.`,
      );
    }
  }
  return scopes;
}
