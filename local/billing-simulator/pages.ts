/**
 * The billing simulator's pages for people, standing in for Stripe Checkout and the customer
 * portal on this machine: a test checkout ("Pay with a test card" / "Decline") and a portal where
 * the subscription is cancelled, or a renewal fails and is paid, each of which sends Stripe's
 * events back to the service. Every page says it is a simulation; no card is ever asked for.
 */
import { type Html, html } from '#shared/surfaces/http/html';
import type { CheckoutSession, Invoice, SimulatedPrice, Subscription } from './objects.ts';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f6f8fa}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d5dae1;border-radius:10px}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.4rem 0 .4rem}
.test{background:#fff8e1;border:1px solid #8a5a00;border-radius:6px;padding:.5rem .7rem;font-size:.92rem}
.price{font-size:1.6rem;font-weight:700;margin:.3rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.declined{background:#fbeaea;border:1px solid #a4161a;border-radius:6px;padding:.6rem .8rem}
.done{background:#e8f4ec;border:1px solid #0a6b2d;border-radius:6px;padding:.6rem .8rem}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;margin:1rem 0}
form{margin:0}
button{font:inherit;cursor:pointer;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;padding:.55rem 1rem}
button:hover{background:#083e94}button.secondary{background:#fff;color:#0b57d0}button.secondary:hover{background:#eef3fc}
button.danger{background:#fff;color:#a4161a;border-color:#a4161a}
a{color:#0b57d0}:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
ul.invoices{padding-left:1.2rem}`;

function frame(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · simulated Stripe (test mode)</title>
<style>${STYLE}</style></head>
<body><main>
<p class="test">Test mode: a simulation of Stripe on this machine. No card is charged and nothing leaves it.</p>
${body}
</main></body></html>
`.toString();
}

export function money(price: Pick<SimulatedPrice, 'unit_amount' | 'currency'>): string {
  return `${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()}`;
}

/** The test checkout of one session; `declined` after "Decline". */
export function checkoutPage(
  session: CheckoutSession,
  customerEmail: string | null,
  declined: boolean,
): string {
  if (session.status === 'complete') {
    return frame(
      'Checkout complete',
      html`<h1>Payment complete</h1><div class="done" role="status">This checkout is complete; the subscription is active.</div>
<p><a href="${session.success_url}">Return to the service</a></p>`,
    );
  }
  const notice = declined
    ? html`<div class="declined" role="alert"><strong>Your card was declined.</strong> Nothing was charged and no subscription started. Pay with the test card, or go back.</div>`
    : '';
  return frame(
    'Subscribe to Pro',
    html`<h1>Subscribe to Pro</h1>
<p class="price">${money(session._price)} <span style="font-size:1rem;font-weight:400">per month</span></p>
<dl><dt>Email</dt><dd>${customerEmail ?? session.customer_email ?? 'not given'}</dd><dt>Reference</dt><dd>${session.client_reference_id ?? 'none'}</dd></dl>
${notice}
<div class="actions">
<form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay with a test card</button></form>
<form method="post" action="/c/pay/${session.id}/decline"><button type="submit" class="secondary">Decline</button></form>
</div>
${session.cancel_url ? html`<p><a href="${session.cancel_url}">Cancel and go back</a></p>` : ''}`,
  );
}

function invoiceList(invoices: readonly Invoice[]): Html {
  if (invoices.length === 0) return html`<p>No invoices yet.</p>`;
  const items = invoices.map(
    (invoice) =>
      html`<li>${new Date(invoice.created * 1000).toISOString().slice(0, 10)}: ${money({ unit_amount: invoice.amount_due, currency: invoice.currency })}, ${invoice.status}</li>`,
  );
  return html`<ul class="invoices">${items}</ul>`;
}

function subscriptionActions(portalId: string, subscription: Subscription): Html {
  const post = (action: string, label: string, style = '') =>
    html`<form method="post" action="/p/session/${portalId}/${action}"><input type="hidden" name="subscription" value="${subscription.id}"><button type="submit"${style ? html` class="${style}"` : ''}>${label}</button></form>`;
  if (subscription.status === 'past_due') {
    return html`<div class="actions">${post('pay', 'Pay the overdue invoice with a test card')}${post('unpaid', 'Retries exhausted: mark unpaid (test)', 'danger')}</div>`;
  }
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return html``;
  return html`<div class="actions">${subscription.cancel_at_period_end ? '' : post('cancel-later', 'Cancel at the end of the period', 'secondary')}${post('cancel-now', 'Cancel now', 'danger')}${post('fail-renewal', 'Renewal payment fails (test)', 'secondary')}</div>`;
}

/** The portal of one customer: their subscription, its invoices, what can be done with it. */
export function portalPage(
  portalId: string,
  email: string | null,
  subscription: Subscription | undefined,
  invoices: readonly Invoice[],
  returnUrl: string | null,
  done: string | null,
): string {
  const state = subscription
    ? html`<h2>Subscription</h2><dl><dt>Plan</dt><dd>Pro</dd><dt>Status</dt><dd>${subscription.status}${subscription.cancel_at_period_end ? ' (cancels at period end)' : ''}</dd><dt>Period ends</dt><dd>${new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000).toISOString().slice(0, 10)}</dd></dl>
${subscriptionActions(portalId, subscription)}`
    : html`<p>No subscription.</p>`;
  return frame(
    'Billing',
    html`<h1>Billing</h1><p>Customer: <strong>${email ?? 'unknown'}</strong></p>
${done ? html`<div class="done" role="status">${done}</div>` : ''}
${state}
<h2>Invoices</h2>${invoiceList(invoices)}
${returnUrl ? html`<p><a href="${returnUrl}">Return to the service</a></p>` : ''}`,
  );
}
