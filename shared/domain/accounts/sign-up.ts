/**
 * Self-service sign-up (docs/dashboard.md "Signing up"): with SIGNUP open, the sign-in form's
 * link for an address without a user is a sign-up link, and using it creates the user with a
 * Monitor account on the free plan before the session starts. It is the sign-in link in every
 * other respect (single use, expiry, counted per address and network, the same page either way),
 * so nothing tells whether an address had an account. The operator CLI still changes plans.
 */
import { AppError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { User } from './ports.ts';
import type { SessionSettings } from './session-settings.ts';

/** What creating the user needs (a part of sign-in's dependencies). */
export interface SignUpDeps {
  users: {
    findUserByEmail(email: string): Promise<User | undefined>;
    /** 409 `user_exists` when the address has a user already. */
    createUser(user: User): Promise<void>;
  };
  settings: Pick<SessionSettings, 'signUp'>;
  logger: Logger;
}

/** The mail with a sign-up link. */
export function signUpMail(to: string, url: string, settings: SessionSettings) {
  return {
    to,
    subject: 'Create your free Agent-Readiness account',
    text: [
      'Open this link to create your free account for the Agent-Readiness dashboard and sign in:',
      '',
      url,
      '',
      `It works once, within ${Math.round(settings.linkTtlSeconds / 60)} minutes.`,
      'If you did not ask for it, ignore this mail: no account is created without the link.',
    ].join('\n'),
  };
}

/**
 * The user a used sign-up link signs in as: created now on the free plan, or the one the
 * address got meanwhile (another sign-up link, the operator). Undefined when sign-up was closed
 * since the link was mailed.
 */
export async function userForSignUp(
  email: string,
  deps: SignUpDeps,
  now: Date,
): Promise<User | undefined> {
  const existing = await deps.users.findUserByEmail(email);
  if (existing) return existing;
  if (deps.settings.signUp === 'closed') return undefined;
  const user: User = {
    id: crypto.randomUUID(),
    email,
    created_at: now.toISOString(),
    account: { plan: 'free', subscription: 'active' },
  };
  try {
    await deps.users.createUser(user);
  } catch (error) {
    // Two links of one address used at once: the other created the user.
    if (error instanceof AppError && error.code === 'user_exists') {
      return deps.users.findUserByEmail(email);
    }
    throw error;
  }
  deps.logger.info('account created by sign-up');
  return user;
}
