/**
 * Plans and their quantity limits, in one place (docs/decisions.md, "Batch scans and plans").
 * `per_batch` caps the domains of one batch request, `per_day` the domains an account may queue
 * per UTC day. The defaults below are documented in docs/decisions.md and overridable with one
 * environment variable, PLAN_LIMITS, a JSON object merged over them, e.g.
 * `{"free":{"per_batch":5,"per_day":20}}`.
 */
import { z } from 'zod';
import type { Account, Plan } from '#shared/domain/accounts/ports';
import { PaymentRequiredError } from '#shared/domain/kernel/errors';

export interface PlanLimits {
  per_batch: number;
  per_day: number;
}

/**
 * The most domains PLAN_LIMITS may let one batch hold: the batch workflow runs a job in chunks
 * of child executions sized for Step Functions' payload and history caps up to this many
 * (shared/domain/batch/workflow.ts).
 */
export const MAX_BATCH_DOMAINS = 10_000;

export const DEFAULT_PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { per_batch: 10, per_day: 50 },
  pro: { per_batch: 100, per_day: 1000 },
};

const LimitsOverrideSchema = z
  .object({
    free: z
      .object({
        per_batch: z.number().int().min(1).max(MAX_BATCH_DOMAINS),
        per_day: z.number().int().min(0),
      })
      .partial()
      .strict(),
    pro: z
      .object({
        per_batch: z.number().int().min(1).max(MAX_BATCH_DOMAINS),
        per_day: z.number().int().min(0),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

/** The limits in force: the defaults with PLAN_LIMITS merged over them. */
export function planLimitsFrom(raw: string | undefined): Record<Plan, PlanLimits> {
  if (raw === undefined || raw.trim() === '') return { ...DEFAULT_PLAN_LIMITS };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('PLAN_LIMITS is not valid JSON');
  }
  const parsed = LimitsOverrideSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `PLAN_LIMITS is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return {
    free: { ...DEFAULT_PLAN_LIMITS.free, ...parsed.data.free },
    pro: { ...DEFAULT_PLAN_LIMITS.pro, ...parsed.data.pro },
  };
}

/** The most domains any plan accepts in one request: more entries are a malformed request. */
export function largestBatch(limits: Record<Plan, PlanLimits>): number {
  return Math.max(...Object.values(limits).map((limit) => limit.per_batch));
}

/**
 * Whether the account's subscription has ended at `now` (docs/api.md "Plans and billing"): it
 * was ended (the operator, or the payment provider: canceled, unpaid, expired), or a renewal
 * payment failed and its grace period (`grace_until`, BILLING_GRACE_DAYS) has run out. The one
 * rule every reader asks: batches, manual runs, the monthly schedule's eligibility, the pages.
 */
export function subscriptionEndedAt(account: Account, now: Date): boolean {
  if (account.subscription !== 'active') return true;
  return (
    typeof account.grace_until === 'string' && Date.parse(account.grace_until) <= now.getTime()
  );
}

/**
 * The Pro plan with a subscription that has not ended at `now`: what manual runs need and what
 * makes an account's active cases eligible for the monthly runs.
 */
export function proActiveAt(account: Account | null | undefined, now: Date): boolean {
  return account?.plan === 'pro' && !subscriptionEndedAt(account, now);
}

/**
 * The plan an account measures under at `now`. An account without a Monitor account scans under
 * the free plan; an ended subscription measures nothing new (402), while existing results stay
 * readable.
 */
export function activePlan(account: Account | null, now: Date): Plan {
  if (account && subscriptionEndedAt(account, now)) {
    const why =
      account.subscription === 'active'
        ? `a renewal payment of the ${account.plan} subscription failed and its grace period ended`
        : `the ${account.plan} subscription of this account has ended`;
    throw new PaymentRequiredError(
      'plan_required',
      `${why[0]?.toUpperCase()}${why.slice(1)}: existing results stay readable, ` +
        'new measurements need an active subscription.',
    );
  }
  return account?.plan ?? 'free';
}
