/**
 * The overview page: what changed (overview.ts), plan and limits (the same plan rules as the
 * batch routes), today's quota use, sessions.
 */
import type { Plan, User } from '#shared/domain/accounts/ports';
import { listLiveSessions, type SignInDeps } from '#shared/domain/accounts/sign-in';
import type { DailyQuota } from '#shared/domain/batch/ports';
import { type Clock, frozenAt } from '#shared/domain/kernel/clock';
import { PaymentRequiredError } from '#shared/domain/kernel/errors';
import { activePlan, type PlanLimits } from '#shared/domain/kernel/plans';
import { homePage } from '#shared/surfaces/dashboard/views/home-page';
import { type OverviewDeps, readOverview } from './overview.ts';
import {
  htmlPage,
  noticeText,
  type PageResponse,
  type SessionInput,
  viewerOf,
} from './responses.ts';

export interface HomeDeps extends Pick<SignInDeps, 'sessions'> {
  users: { findUserById(id: string): Promise<User | undefined> };
  quota: Pick<DailyQuota, 'used'>;
  limits: Record<Plan, PlanLimits>;
  adminEmails: readonly string[];
  /** The areas the overview reads (what changed): scans, batches, webhooks, cases. */
  areas: OverviewDeps;
  clock: Clock;
}

export async function homeOverview(
  input: SessionInput<undefined, { notice?: string | undefined }>,
  deps: HomeDeps,
): Promise<PageResponse> {
  const { principal } = input;
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  const [user, usedToday, sessions, overview] = await Promise.all([
    deps.users.findUserById(principal.accountId),
    deps.quota.used(principal.accountId, today),
    listLiveSessions(principal.memberId, { ...deps, clock: frozenAt(now) }),
    readOverview(input, deps.areas, today),
  ]);
  const account = user?.account ?? null;
  let plan: Parameters<typeof homePage>[0]['plan'];
  try {
    const name = activePlan(account, now);
    plan = { name, perBatch: deps.limits[name].per_batch, perDay: deps.limits[name].per_day };
  } catch (error) {
    if (!(error instanceof PaymentRequiredError)) throw error;
    plan = { ended: error.message };
  }
  return htmlPage(
    homePage({
      viewer: viewerOf(principal),
      account,
      plan,
      usedToday,
      overview,
      admin: deps.adminEmails.includes(principal.email.toLowerCase()),
      sessions: sessions.map((session) => ({
        id: session.id,
        created_at: session.created_at,
        expires_at: session.expires_at,
        current: session.id === principal.sessionId,
        device: session.device ?? null,
        address: session.address ?? null,
      })),
      notice: noticeText(input.query.notice),
      now,
    }),
  );
}
