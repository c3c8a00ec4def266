/**
 * Plan and billing (docs/dashboard.md "Plan and billing"): the plan, the subscription's state and
 * the current period's end, what Pro adds over Free, and for the owner the Upgrade form (Stripe
 * Checkout) or Manage billing (Stripe's customer portal). Members who are not the owner see the
 * page without the forms. The payment banner is shared with the overview.
 */
import type { Account, Plan } from '#shared/domain/accounts/ports';
import type { BillingRecord } from '#shared/domain/billing/subscription';
import { isLive } from '#shared/domain/billing/subscription';
import { type PlanLimits, subscriptionEndedAt } from '#shared/domain/kernel/plans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { badge, errorBox, humanDate, notice, type ShownError, tableRegion } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export interface BillingView {
  viewer: Viewer;
  /** The viewer is the account's owner: the only one who sees the forms. */
  isOwner: boolean;
  ownerEmail: string | undefined;
  /** Payments are configured on this deployment (a Stripe key, or the local simulator). */
  configured: boolean;
  account: Account | null;
  billing: BillingRecord | null;
  limits: Record<Plan, PlanLimits>;
  now: Date;
  notice?: string | undefined;
  /** A form that came back refused (already subscribed, payments unavailable). */
  error?: ShownError | undefined;
}

/**
 * The banner of an overdue payment while its grace period lasts (the overview shows it too):
 * Pro continues until then, and the owner fixes it under Manage billing.
 */
export function paymentBanner(account: Account | null, now: Date): Html {
  const until = account?.grace_until;
  if (!account || !until || subscriptionEndedAt(account, now)) return html``;
  return html`<div class="caution" role="alert"><p><strong>A payment for the Pro plan failed.</strong> Pro continues until ${humanDate(until)} while the payment is retried. Update the card under <a href="${DASHBOARD_PATHS.billing}">Manage billing</a> to keep it; after that date manual and monthly runs stop.</p></div>`;
}

function stateOf(view: BillingView): Html {
  const { account, now } = view;
  if (!account) return badge('pending', 'no Monitor account');
  if (subscriptionEndedAt(account, now)) return badge('failed', 'ended');
  // A free account's subscription field reads `active` (nothing ended); to a person it is none.
  if (account.plan === 'free') return badge('pending', 'none');
  if (account.grace_until)
    return badge('held', `payment overdue, Pro until ${humanDate(account.grace_until)}`);
  return badge('active', 'active');
}

function periodLine(billing: BillingRecord | null): Html {
  if (!billing?.current_period_end || !isLive(billing.status)) return html``;
  const end = humanDate(billing.current_period_end);
  return billing.cancel_at_period_end
    ? html`<p>Cancelled: Pro ends at the end of the current period, ${end}.</p>`
    : html`<p>Current period ends ${end}; it renews then.</p>`;
}

function planCard(view: BillingView): Html {
  const { account, billing } = view;
  const plan = account ? (account.plan === 'pro' ? 'Pro' : 'Free') : 'Free';
  const provider = billing?.status
    ? html`<p class="muted">Stripe subscription <code>${billing.subscription_id ?? ''}</code>: <code>${billing.status}</code>.</p>`
    : html`<p class="muted">No subscription with Stripe${view.account?.plan === 'pro' ? ': the operator set this plan' : ''}.</p>`;
  return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Your plan</h2>
<p class="big">${plan}</p><p>Subscription ${stateOf(view)}</p>
${periodLine(billing)}${provider}</section>`;
}

function comparison(view: BillingView): Html {
  const { free, pro } = view.limits;
  return tableRegion(
    'Free and Pro',
    html`<table><thead><tr><th scope="col">What</th><th scope="col">Free</th><th scope="col">Pro</th></tr></thead><tbody>
<tr><th scope="row">Domains per batch</th><td class="num">${free.per_batch}</td><td class="num">${pro.per_batch}</td></tr>
<tr><th scope="row">Domains queued per day</th><td class="num">${free.per_day}</td><td class="num">${pro.per_day}</td></tr>
<tr><th scope="row">Monitor cases</th><td>set up and read</td><td>set up and read</td></tr>
<tr><th scope="row">Manual runs</th><td>no</td><td>yes, one at a time per case</td></tr>
<tr><th scope="row">Monthly run of every active case</th><td>no</td><td>yes, on the first of the month</td></tr>
</tbody></table>`,
  );
}

function ownerForms(view: BillingView): Html {
  const paying = isLive(view.billing?.status);
  const upgrade = paying
    ? ''
    : html`<form method="post" action="${DASHBOARD_PATHS.billingCheckout}">${csrfField(view.viewer)}<button type="submit">Upgrade to Pro</button></form>`;
  const manage = view.billing?.customer_id
    ? html`<form method="post" action="${DASHBOARD_PATHS.billingPortal}">${csrfField(view.viewer)}<button type="submit"${paying ? '' : html` class="secondary"`}>Manage billing</button></form>`
    : '';
  const what = paying
    ? 'Change the card, cancel, or see and download invoices with Stripe.'
    : 'Pay with Stripe Checkout; the plan changes to Pro as soon as Stripe confirms the payment.';
  return html`<h2>${paying ? 'Manage billing' : 'Upgrade'}</h2><p>${what}</p><div class="actions">${upgrade}${manage}</div>`;
}

function actions(view: BillingView): Html {
  if (!view.configured) {
    return html`<h2>Upgrade</h2><p>Payments are not set up on this deployment: the operator sets plans (<code>set-account</code>).</p>`;
  }
  if (!view.isOwner) {
    return html`<h2>Upgrade</h2><p>Only the account's owner${view.ownerEmail ? html` (<strong>${view.ownerEmail}</strong>)` : ''} can upgrade or manage billing.</p>`;
  }
  return ownerForms(view);
}

export function billingPage(view: BillingView): Html {
  return dashboardLayout({
    title: 'Plan and billing',
    section: 'billing',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.billing,
    body: html`<h1>Plan and billing</h1>
${notice(view.notice)}${errorBox(view.error)}${paymentBanner(view.account, view.now)}
<div class="cards">${planCard(view)}</div>
${actions(view)}
<h2>What Pro adds</h2>
${comparison(view)}
<p class="muted">When a renewal payment fails, Pro continues through a grace period while Stripe retries; if the subscription ends, runs stop and every case, run and summary stays readable. More in the <a href="/docs#billing">documentation</a>.</p>`,
  });
}
