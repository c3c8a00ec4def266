/**
 * Lambda entry for `POST /api/v1/billing/stripe-webhook` (operation `receive_stripe_event`): the
 * API pipeline (no key: the event's Stripe-Signature is its credential) around
 * `receiveProviderEvent`; its dependencies come from `getBillingEventDeps`.
 */
import { receiveProviderEvent } from '#shared/domain/billing/events';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { BILLING_ROUTES } from '#shared/surfaces/api/routes/billing';
import { getApiDeps } from '#shared/wiring/api';
import { getBillingEventDeps } from '#shared/wiring/billing';

export const handler = createApiHandler(
  BILLING_ROUTES.receive_stripe_event,
  receiveProviderEvent,
  getBillingEventDeps,
  getApiDeps,
);
