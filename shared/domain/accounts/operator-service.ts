/**
 * What an operator does with users and keys (the admin CLI is a thin shell over this).
 * The rules of docs/api.md "Scopes" that apply at creation time live here, whoever creates the
 * key (the operator, a key, a dashboard session: `issueKey`): `monitor:admin` only for addresses
 * on the admin list, never on a plugin key; never a scope beyond the creator's role in the
 * account; at most MAX_ACTIVE_KEYS active keys per account (the store takes the place); the key
 * and its `key.created` audit event written together.
 */
import { type AuditActor, auditEvent, OPERATOR_ACTOR } from '#shared/domain/audit/events';
import { planChangeEvent, planChangeMail } from '#shared/domain/billing/plan-change';
import { isLive, planDiffers } from '#shared/domain/billing/subscription';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ForbiddenError, NotFoundError } from '#shared/domain/kernel/errors';
import { generateApiKey, generateKeyId, hashApiKey, keyHint } from './api-keys.ts';
import { MAX_ACTIVE_KEYS } from './key-schemas.ts';
import type { MailPort } from './mail-port.ts';
import type {
  Account,
  Plan,
  StoredApiKey,
  SubscriptionState,
  User,
  UsersRepository,
} from './ports.ts';
import { type Role, scopesBeyondRole } from './roles.ts';
import { isScope, SCOPES, type Scope } from './scopes.ts';
import type { MembershipLookup } from './team-ports.ts';
import { memberRole } from './team-rules.ts';

export interface OperatorDeps {
  users: UsersRepository;
  /** Where plan mails go (the owner); without it, no mail is sent (tests). */
  mail?: MailPort;
  /** The account's owner now (a transfer moves it); without it, the account's own user. */
  owners?: { ownerEmail(accountId: string): Promise<string | undefined> };
  /** The billing page, linked from plan mails. */
  billingPage?: string;
  /** Whose role in which account a key is made under (`--account`). */
  members: MembershipLookup;
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
    createKey: (input: OperatorKeyInput) => createKey(deps, input),
    listUsers: () => deps.users.listUsers(),
    listKeys: async (email: string): Promise<StoredApiKey[]> =>
      deps.users.listKeys((await requireUser(deps, email)).id),
    revokeKey: (keyId: string) =>
      deps.users.revokeKey(keyId, nowIso(deps.clock), (key) =>
        auditEvent(
          { accountId: key.user_id, actor: OPERATOR_ACTOR },
          'key.revoked',
          { type: 'key', id: key.id },
          { scopes: key.scopes, created_by: key.created_by },
          deps.clock,
        ),
      ),
  };
}

/** A key the operator makes for a user: in `accountId` (default: the user's own account). */
interface OperatorKeyInput {
  email: string;
  scopes: string[];
  plugin: boolean;
  name?: string | null;
  accountId?: string | undefined;
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

/** What `set-account` did: the user with the account, and the Stripe subscription it overrode. */
export interface SetAccountResult {
  user: User;
  /**
   * The account's plan is Stripe's (a live subscription): the operator's plan holds until
   * Stripe's next event for that subscription.
   */
  overridesStripe: { subscription_id: string | null; status: string | null } | null;
}

/**
 * Sets a user's account (its plan and subscription) as the operator says: a plan change is
 * written with its `plan.changed` event and mailed to the owner; a plan Stripe manages is
 * overridden, and the result says so.
 */
async function setAccount(deps: OperatorDeps, input: AccountInput): Promise<SetAccountResult> {
  const user = await requireUser(deps, input.email);
  const account = parseAccount(input.plan, input.subscription);
  const billing = user.billing ?? null;
  const overridesStripe = isLive(billing?.status)
    ? { subscription_id: billing?.subscription_id ?? null, status: billing?.status ?? null }
    : null;
  const change = {
    accountId: user.id,
    before: user.account,
    after: account,
    actor: OPERATOR_ACTOR,
    details: {
      source: 'operator',
      ...(overridesStripe ? { overrides_stripe: overridesStripe } : {}),
    },
  };
  const changed = planDiffers(user.account, account);
  await deps.users.setAccount(
    user.id,
    account,
    changed ? planChangeEvent(change, deps.clock) : undefined,
  );
  if (changed && deps.mail) {
    const to = (await deps.owners?.ownerEmail(user.id)) ?? user.email;
    await deps.mail.send(
      planChangeMail(to, change, deps.billingPage ?? '/dashboard/billing', 'the operator'),
    );
  }
  return { user: { ...user, account }, overridesStripe };
}

async function createKey(
  deps: OperatorDeps,
  input: OperatorKeyInput,
): Promise<{ key: string; stored: StoredApiKey }> {
  const user = await requireUser(deps, input.email);
  const accountId = input.accountId ?? user.id;
  const role = await memberRole(deps.members, accountId, user.id);
  if (role === null) {
    throw new NotFoundError(`${user.email} is not a member of account ${accountId}.`);
  }
  return issueKey(deps, {
    accountId,
    creator: { id: user.id, email: user.email, role },
    scopes: input.scopes,
    plugin: input.plugin,
    name: input.name ?? null,
    actor: OPERATOR_ACTOR,
  });
}

/** What a new key is made of, whoever makes it. */
export interface NewKey {
  accountId: string;
  /** The member the key is made for and under: it never carries more than their role. */
  creator: { id: string; email: string; role: Role };
  scopes: readonly string[];
  plugin: boolean;
  name: string | null;
  /** Who made it, for the audit log. */
  actor: AuditActor;
}

/**
 * Makes a key of the account for its creator, within the creation-time rules above, with its
 * `key.created` event; the key itself is returned once, only its hash is stored.
 */
export async function issueKey(
  deps: Pick<OperatorDeps, 'users' | 'adminEmails' | 'clock'>,
  input: NewKey,
): Promise<{ key: string; stored: StoredApiKey }> {
  const scopes = keyScopes(input.scopes, input.plugin, input.creator.email, deps.adminEmails);
  const beyond = scopesBeyondRole([...scopes], input.creator.role);
  if (beyond.length > 0) {
    const { role, email } = input.creator;
    throw new ForbiddenError(
      'insufficient_role',
      `${email} is ${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role} of account ` +
        `${input.accountId}: a ${role}'s key cannot carry ${beyond.join(', ')}.`,
      { details: { role, not_allowed: beyond } },
    );
  }
  const key = generateApiKey();
  const stored: StoredApiKey = {
    id: generateKeyId(),
    user_id: input.accountId,
    created_by: input.creator.id,
    email: input.creator.email,
    scopes: [...scopes],
    plugin: scopes.has('plugin'),
    hint: keyHint(key),
    name: input.name,
    created_at: nowIso(deps.clock),
    revoked_at: null,
  };
  const audit = auditEvent(
    { accountId: input.accountId, actor: input.actor },
    'key.created',
    { type: 'key', id: stored.id },
    { scopes: stored.scopes, name: stored.name, created_by: stored.created_by },
    deps.clock,
  );
  if (!(await deps.users.putKey(stored, hashApiKey(key), MAX_ACTIVE_KEYS, audit))) {
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
  email: string,
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
    if (!adminEmails.includes(email)) {
      throw new ForbiddenError(
        'admin_not_allowed',
        `monitor:admin is only for keys of addresses in ADMIN_EMAILS; ${email} is not listed.`,
      );
    }
  }
  return scopes;
}
