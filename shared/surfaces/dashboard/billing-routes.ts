/**
 * The dashboard's plan and billing routes (docs/dashboard.md "Plan and billing"): the page, the
 * Upgrade form that opens Stripe Checkout, and the Manage billing form that opens Stripe's
 * customer portal; part of `DASHBOARD_ROUTES`. Only the owner may post the forms.
 */
import { NoticeQuerySchema } from '#shared/surfaces/dashboard/forms';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

const OWNER_ONLY =
  "Only the account's owner may send it (403 `insufficient_role` otherwise); 503 when payments are not configured.";

/**
 * The role table lets only roles with `account:manage` (admin, owner) reach the forms; the
 * operation then lets only the owner through. The page itself is every member's.
 */
const OWNER_FORM = { scope: 'account:manage' } as const;

export const BILLING_PAGE_ROUTES = {
  dashboard_billing: page(
    'dashboard_billing',
    '/dashboard/billing',
    "The account's plan, its subscription's state and period end, what Pro adds, and (for the owner) the Upgrade and Manage billing forms",
    'billing',
    { request: { query: NoticeQuerySchema }, errors: [...PAGE_ERRORS], payments: 'settings' },
  ),
  dashboard_billing_checkout: form(
    'dashboard_billing_checkout',
    '/dashboard/billing/checkout',
    'Upgrade to Pro: open a Stripe Checkout Session for the account (303 to it)',
    'billing-checkout',
    {
      description: `Creates a Checkout Session in subscription mode for the Pro price (the account as its client reference, the account's customer made once with the owner's address and reused, back to /dashboard/billing after paying or cancelling) and answers 303 to the session's url. ${OWNER_ONLY} An account that pays already is sent to Manage billing (409 \`already_subscribed\`).`,
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'insufficient_role',
        'already_subscribed',
        'service_unavailable',
      ],
      payments: 'provider',
      ...OWNER_FORM,
    },
  ),
  dashboard_billing_portal: form(
    'dashboard_billing_portal',
    '/dashboard/billing/portal',
    "Manage billing: open Stripe's customer portal for the account's customer (303 to it)",
    'billing-portal',
    {
      description: `Creates a customer portal session (change the card, cancel, see invoices) that returns to /dashboard/billing, and answers 303 to its url. ${OWNER_ONLY} An account without a customer yet: 404.`,
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'insufficient_role',
        'not_found',
        'service_unavailable',
      ],
      payments: 'provider',
      ...OWNER_FORM,
    },
  ),
} as const satisfies Record<string, RouteDefinition>;
