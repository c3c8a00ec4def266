/**
 * The `#billing` part of the docs page (issue 40): the plans, what Pro adds, how a subscription is
 * bought and managed through Stripe, and what happens when a payment fails or a subscription ends.
 * Also rendered as markdown for `/docs` with `Accept: text/markdown`.
 */
import { DEFAULT_PLAN_LIMITS } from '#shared/domain/kernel/plans';
import { type Html, html } from '#shared/surfaces/http/html';

const FREE = DEFAULT_PLAN_LIMITS.free;
const PRO = DEFAULT_PLAN_LIMITS.pro;

/** The plans, buying Pro, failed payments and the end of a subscription. */
export function billingSection(): Html {
  return html`<h2 id="billing">Plans and billing</h2>
<p>Two plans. <strong>Free</strong>: scans, batches of up to ${FREE.per_batch} domains (${FREE.per_day} a day), keys, webhooks,
and monitor cases that can be set up and read. <strong>Pro</strong> adds runs of the AI answer monitor (manual runs, and a run
of every active case on the first of each month) and larger batches (${PRO.per_batch} domains, ${PRO.per_day} a day).</p>
<p>The account's owner buys Pro on the dashboard's <a href="/dashboard/billing">plan page</a>: "Upgrade" opens Stripe Checkout
for a monthly subscription; "Manage billing" opens Stripe's customer portal to change the card, cancel or see invoices.
Other members see the plan without the forms. <code>GET /api/v1/account</code> shows <code>plan</code> and
<code>subscription</code>.</p>
<p>The plan follows Stripe's events (sent to <code>POST /api/v1/billing/stripe-webhook</code>): a subscription that is
<code>active</code> or <code>trialing</code> makes the account Pro. When a renewal payment fails
(<code>past_due</code>), Pro continues through a grace period (7 days unless the operator set another) while Stripe
retries the card: the dashboard shows a banner and the owner gets a mail. If the payment goes through, nothing else
changes. If the grace period runs out, or the subscription ends (<code>canceled</code>, <code>unpaid</code>,
<code>incomplete_expired</code>), manual runs answer 402 <code>plan_required</code> and monthly runs stop; every case,
run, answer and summary stays readable, and upgrading again opens runs again. Every plan change is written to the
account's audit log (<code>plan.changed</code>) and mailed to the owner.</p>`;
}

/** The same section as markdown. */
export function billingMarkdown(): string {
  return [
    '## Plans and billing',
    '',
    `Free: scans, batches of up to ${FREE.per_batch} domains (${FREE.per_day} a day), keys, webhooks, monitor cases set up and read. Pro adds monitor runs (manual, and monthly for every active case) and batches of ${PRO.per_batch} domains (${PRO.per_day} a day).`,
    '',
    'The owner buys Pro on `/dashboard/billing` ("Upgrade": Stripe Checkout) and manages it there ("Manage billing": Stripe\'s customer portal). The plan follows Stripe\'s events: `active` or `trialing` is Pro; a failed renewal (`past_due`) keeps Pro through a grace period (7 days by default) with a banner and a mail; after it, or when the subscription ends (`canceled`, `unpaid`, `incomplete_expired`), runs answer 402 `plan_required` and monthly runs stop, while results stay readable. Every plan change is in the audit log (`plan.changed`) and mailed to the owner.',
  ].join('\n');
}
