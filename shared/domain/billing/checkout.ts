/**
 * Buying Pro and managing it (docs/api.md "Plans and billing"): only the account's owner opens a
 * Checkout Session (subscription mode, the Pro price, the account as its reference, the account's
 * customer made once with the owner's address and reused) or the provider's customer portal. Both
 * answer where to send the person; nothing changes on the account until the provider's events
 * say so (events.ts).
 */
import type { Caller } from '#shared/domain/accounts/principal';
import { nowIso } from '#shared/domain/kernel/clock';
import { ConflictError, ForbiddenError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type BillingEventDeps, requireProvider } from './events.ts';
import type { BillingProvider } from './ports.ts';
import { isLive } from './subscription.ts';

export type BillingDeps = Pick<BillingEventDeps, 'provider' | 'store' | 'clock'>;

/** Where the provider sends the person back: the billing page, with a notice. */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

/** Only the owner changes the plan or its billing (docs/decisions.md "How other areas use roles"). */
export function requireOwner(caller: Caller): void {
  if (caller.role !== 'owner') {
    throw new ForbiddenError(
      'insufficient_role',
      `Only the account's owner changes its plan and billing; your role is ${caller.role}.`,
      { details: { role: caller.role } },
    );
  }
}

/** The account's customer: the one linked, or a new one with the owner's address, linked. */
async function customerOf(
  caller: Caller,
  provider: BillingProvider,
  deps: BillingDeps,
): Promise<string> {
  const state = await deps.store.read(caller.accountId);
  if (state?.billing?.customer_id) return state.billing.customer_id;
  const created = await provider.createCustomer({
    email: caller.email,
    accountId: caller.accountId,
  });
  // Two checkouts at once: the first link wins and both use it.
  return deps.store.linkCustomer(caller.accountId, created.id, nowIso(deps.clock));
}

/** Opens Checkout for Pro; the URL of the session to send the owner to (303). */
export async function startCheckout(
  input: CallerInput,
  urls: ReturnUrls,
  deps: BillingDeps,
): Promise<{ url: string }> {
  requireOwner(input.principal);
  const provider = requireProvider(deps.provider);
  const state = await deps.store.read(input.principal.accountId);
  if (isLive(state?.billing?.status)) {
    throw new ConflictError(
      'already_subscribed',
      'This account pays for Pro already: change the card or cancel with "Manage billing".',
    );
  }
  const customerId = await customerOf(input.principal, provider, deps);
  const session = await provider.createCheckoutSession({
    customerId,
    accountId: input.principal.accountId,
    successUrl: urls.success,
    cancelUrl: urls.cancel,
  });
  return { url: session.url };
}

/** Opens the customer portal (card, cancellation, invoices); its URL (303). */
export async function openPortal(
  input: CallerInput,
  returnUrl: string,
  deps: BillingDeps,
): Promise<{ url: string }> {
  requireOwner(input.principal);
  const provider = requireProvider(deps.provider);
  const customerId = (await deps.store.read(input.principal.accountId))?.billing?.customer_id;
  if (!customerId) {
    throw new NotFoundError('This account has no billing yet: upgrade to Pro first.');
  }
  return provider.createPortalSession({ customerId, returnUrl });
}
