/**
 * The plan and billing page and its two forms (docs/dashboard.md "Plan and billing") over the
 * billing operations (shared/domain/billing/checkout.ts): the page reads the account's plan and
 * billing record; Upgrade answers 303 to Stripe Checkout, Manage billing 303 to the customer
 * portal, and a refused form comes back as the page with its message.
 */
import type { Plan } from '#shared/domain/accounts/ports';
import { type BillingDeps, openPortal, startCheckout } from '#shared/domain/billing/checkout';
import type { BillingStore } from '#shared/domain/billing/ports';
import type { Clock } from '#shared/domain/kernel/clock';
import type { PlanLimits } from '#shared/domain/kernel/plans';
import { billingPage } from '#shared/surfaces/dashboard/views/billing-page';
import { policyWithFormTargets } from '#shared/surfaces/dashboard/views/layout';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  noticeText,
  type PageResponse,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

export interface BillingPageDeps {
  store: Pick<BillingStore, 'read'>;
  owners: { ownerEmail(accountId: string): Promise<string | undefined> };
  limits: Record<Plan, PlanLimits>;
  /** Payments are configured (a Stripe key or secret, or the local simulator). */
  configured: boolean;
  /** Origins the forms lead to after this site (Stripe's pages, or the simulator's). */
  paymentOrigins: readonly string[];
  clock: Clock;
}

export type BillingFormDeps = BillingPageDeps & BillingDeps;

type Shown = { notice?: string | undefined; error?: { message: string } | undefined };

async function render(
  input: SessionInput<unknown, unknown, unknown>,
  deps: BillingPageDeps,
  shown: Shown,
  status = 200,
): Promise<PageResponse> {
  const { principal } = input;
  const [state, ownerEmail] = await Promise.all([
    deps.store.read(principal.accountId),
    deps.owners.ownerEmail(principal.accountId),
  ]);
  const page = billingPage({
    viewer: viewerOf(principal),
    isOwner: principal.role === 'owner',
    ownerEmail,
    configured: deps.configured,
    account: state?.account ?? null,
    billing: state?.billing ?? null,
    limits: deps.limits,
    now: deps.clock.now(),
    ...shown,
  });
  return htmlPage(page, status, {
    'content-security-policy': policyWithFormTargets(deps.paymentOrigins),
  });
}

export function billingOverview(
  input: SessionInput<undefined, { notice?: string | undefined }>,
  deps: BillingPageDeps,
): Promise<PageResponse> {
  return render(input, deps, { notice: noticeText(input.query.notice) });
}

/** Back to the billing page with a fixed notice (never text from a link). */
function billingUrl(baseUrl: string, notice: string): string {
  return `${baseUrl}${DASHBOARD_PATHS.billing}?notice=${notice}`;
}

export async function checkoutFromForm(
  input: SessionInput,
  deps: BillingFormDeps,
): Promise<PageResponse> {
  const urls = {
    success: billingUrl(input.request.baseUrl, 'checkout_complete'),
    cancel: billingUrl(input.request.baseUrl, 'checkout_canceled'),
  };
  const started = await attempt(() => startCheckout(input, urls, deps));
  if (!started.ok) return render(input, deps, { error: started.error }, started.status);
  return redirect(started.value.url);
}

export async function portalFromForm(
  input: SessionInput,
  deps: BillingFormDeps,
): Promise<PageResponse> {
  const returnUrl = billingUrl(input.request.baseUrl, 'billing_returned');
  const opened = await attempt(() => openPortal(input, returnUrl, deps));
  if (!opened.ok) return render(input, deps, { error: opened.error }, opened.status);
  return redirect(opened.value.url);
}
