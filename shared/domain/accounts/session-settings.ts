/**
 * The dashboard sessions' settings (docs/dashboard.md), apart from the session code so that the
 * configuration module, which every function bundles, does not bundle sessions.
 */
import { z } from 'zod';

const SettingsSchema = z.object({
  /** Absolute lifetime of a session; sign-out or revocation end it earlier. */
  DASHBOARD_SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(7 * 86_400),
  /** Lifetime of a sign-in link. */
  SIGN_IN_LINK_TTL_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** Links mailed per address per hour (counted whether or not the address has an account). */
  SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Link requests per client network per hour. */
  SIGN_IN_LINKS_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /**
   * `open`: an address without an account gets a sign-up link that creates one on the free plan;
   * `closed`: only the operator creates accounts (docs/dashboard.md "Signing up").
   */
  SIGNUP: z.enum(['open', 'closed']).default('open'),
});

export interface SessionSettings {
  sessionTtlSeconds: number;
  linkTtlSeconds: number;
  linksPerAddressPerHour: number;
  linksPerNetworkPerHour: number;
  /** Whether following a link may create an account (SIGNUP). */
  signUp: 'open' | 'closed';
}

export function sessionSettingsFrom(env: NodeJS.ProcessEnv): SessionSettings {
  const parsed = SettingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid dashboard session configuration: ${problems.join('; ')}`);
  }
  return {
    sessionTtlSeconds: parsed.data.DASHBOARD_SESSION_TTL_S,
    linkTtlSeconds: parsed.data.SIGN_IN_LINK_TTL_S,
    linksPerAddressPerHour: parsed.data.SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR,
    linksPerNetworkPerHour: parsed.data.SIGN_IN_LINKS_PER_NETWORK_PER_HOUR,
    signUp: parsed.data.SIGNUP,
  };
}
