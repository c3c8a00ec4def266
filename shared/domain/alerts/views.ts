/**
 * The public forms of rules and firings. A Slack incoming-webhook URL is a credential (anyone who
 * holds it can post to the channel), so callers that may not change the case's rules see it
 * shortened to its host and first path segment; the account is never shown.
 */

import type { StoredDelivery } from '#shared/domain/webhooks/ports';
import { deliveryView } from '#shared/domain/webhooks/views';
import type { StoredAlert, StoredFiring } from './ports.ts';
import type { AlertFiringView, AlertView } from './schemas.ts';

/** `https://hooks.slack.com/services/…`: enough to recognise, not enough to post. */
export function shortenedUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return '…';
  const first = parsed.pathname.split('/').filter(Boolean)[0];
  return `${parsed.origin}/${first ? `${first}/` : ''}…`;
}

export function alertView(alert: StoredAlert, full: boolean): AlertView {
  const slack = alert.channels.slack_url;
  return {
    id: alert.id,
    case_id: alert.case_id,
    metric: alert.metric,
    family: alert.family as AlertView['family'],
    brand: alert.brand,
    condition: alert.condition,
    threshold: alert.threshold,
    significant_only: alert.significant_only,
    channels: {
      webhook: alert.channels.webhook,
      email: [...alert.channels.email],
      slack_url: slack === null ? null : full ? slack : shortenedUrl(slack),
    },
    created_at: alert.created_at,
    last_fired_at: alert.last_fired_at,
  };
}

/** A delivery of a firing, on whichever channel, with where it went. */
function channelDeliveryView(delivery: StoredDelivery, full: boolean) {
  const channel = delivery.channel;
  const target = channel
    ? channel.kind === 'slack' && !full
      ? shortenedUrl(channel.target)
      : channel.target
    : null;
  return { ...deliveryView(delivery), channel: channel?.kind ?? ('webhook' as const), target };
}

/** What moved in a firing, as every channel and view carries it (`AlertFigures`). */
export function firingFigures(firing: StoredFiring) {
  return {
    metric: firing.metric,
    family: firing.family,
    brand: firing.brand,
    before: firing.before,
    after: firing.after,
    change: firing.change,
    interval: firing.interval,
    cause: firing.cause,
    evidence: firing.evidence,
    ...(firing.domains ? { domains: firing.domains } : {}),
    text: firing.text,
  };
}

export function firingView(
  firing: StoredFiring,
  deliveries: readonly StoredDelivery[],
  full: boolean,
): AlertFiringView {
  const mine = new Set(firing.delivery_ids);
  return {
    ...firingFigures(firing),
    run_id: firing.run_id,
    fired_at: firing.fired_at,
    deliveries: deliveries
      .filter((delivery) => mine.has(delivery.id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((delivery) => channelDeliveryView(delivery, full)),
  };
}
