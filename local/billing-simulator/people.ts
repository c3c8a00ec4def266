/**
 * The billing simulator's pages for people as HTTP answers: the test checkout (pay, decline) and
 * the customer portal (cancel, a failed renewal, paying it), each step's events sent to the
 * service before the browser is sent on (303), as Stripe's hosted pages do.
 */
import type { ServerResponse } from 'node:http';
import type { SimulatedEvent, Subscription } from './objects.ts';
import { checkoutPage, portalPage } from './pages.ts';
import type { BillingWorld } from './world.ts';

/** What the pages act on: the world, and how its events reach the service. */
export interface People {
  world: BillingWorld;
  sender: { send(events: readonly SimulatedEvent[]): Promise<void> };
}

export function answerPage(response: ServerResponse, status: number, page: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(page);
}

function seeOther(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

/** What a portal button does, and the line the page shows after it. */
const PORTAL_ACTIONS: Record<
  string,
  { run: (world: BillingWorld, s: Subscription) => SimulatedEvent[]; done: string }
> = {
  'cancel-later': {
    run: (w, s) => w.cancel(s, true),
    done: 'The subscription cancels at the end of the period.',
  },
  'cancel-now': { run: (w, s) => w.cancel(s, false), done: 'The subscription is cancelled.' },
  'fail-renewal': { run: (w, s) => w.failRenewal(s), done: 'The renewal payment failed (test).' },
  pay: { run: (w, s) => w.payOverdue(s), done: 'The overdue invoice is paid.' },
  unpaid: {
    run: (w, s) => w.markUnpaid(s),
    done: 'The subscription is unpaid: retries ran out (test).',
  },
};

/** The test checkout page; "Pay" completes the session and sends its events, then 303 back. */
export async function handleCheckout(
  people: People,
  id: string,
  action: string | undefined,
  response: ServerResponse,
) {
  const { world, sender } = people;
  const session = world.sessions.get(id);
  if (!session) return answerPage(response, 404, 'No such checkout session.');
  const email = session.customer
    ? ((world.customers.get(session.customer)?.email as string | null) ?? null)
    : null;
  if (action === 'pay' && session.status === 'open') {
    await sender.send(world.completeCheckout(session));
    return seeOther(response, session.success_url);
  }
  answerPage(
    response,
    action === 'decline' ? 402 : 200,
    checkoutPage(session, email, action === 'decline'),
  );
}

/** The portal page; its buttons change the subscription and send the events, then 303 back. */
export async function handlePortal(
  people: People,
  id: string,
  action: string | undefined,
  form: URLSearchParams,
  url: URL,
  response: ServerResponse,
) {
  const { world, sender } = people;
  const portal = world.portalSessions.get(id);
  if (!portal) return answerPage(response, 404, 'No such portal session.');
  const customer = String(portal.customer);
  const subscription = world.subscriptionsOf(customer)[0];
  const step = action ? PORTAL_ACTIONS[action] : undefined;
  if (step && subscription && form.get('subscription') === subscription.id) {
    await sender.send(step.run(world, subscription));
    return seeOther(response, `/p/session/${id}?done=${action}`);
  }
  const invoices = [...world.invoices.values()].filter((invoice) => invoice.customer === customer);
  const done = PORTAL_ACTIONS[url.searchParams.get('done') ?? '']?.done ?? null;
  const email = (world.customers.get(customer)?.email as string | null) ?? null;
  const returnUrl = typeof portal.return_url === 'string' ? portal.return_url : null;
  answerPage(response, 200, portalPage(id, email, subscription, invoices, returnUrl, done));
}
