/** Webhook endpoints (subscribe, pause, test, delete), a new secret once, recent deliveries. */

import type { Delivery, ListedEndpoint } from '#shared/domain/webhooks/schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formChecks, formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { WEBHOOK_FORM, WEBHOOK_UPDATE_FORM } from '#shared/surfaces/dashboard/forms-webhooks';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { noticeText } from '#shared/surfaces/dashboard/responses';
import { type Html, html } from '#shared/surfaces/http/html';
import {
  badge,
  type CheckboxOptions,
  confirmAction,
  notice,
  secretBox,
  tableRegion,
  timeTag,
} from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export interface WebhooksView {
  viewer: Viewer;
  events: readonly string[];
  endpoints: readonly ListedEndpoint[];
  deliveries: readonly Delivery[];
  created?: { endpoint: { id: string; url: string }; secret: string } | undefined;
  /** A secret just rotated: shown once, with when the previous one stops signing. */
  rotated?: { endpoint: { id: string; url: string }; secret: string; previousUntil: string };
  /** The notice code after a redirect (`test_failed` shows as an error, with its reason). */
  notice?: string | undefined;
  /** The add form as sent and its refusal, when it came back. */
  createForm?: FormState;
  /** An endpoint's own form as sent and its refusal, when it came back. */
  update?: { endpointId: string; state: FormState };
  /** Receivers on this machine are accepted (ALLOW_PRIVATE_TARGETS=1, the local demo). */
  localMode: boolean;
}

function eventBoxes(
  prefix: string,
  events: readonly string[],
  ticked: readonly string[],
): CheckboxOptions[] {
  return events.map((event) => ({
    id: `${prefix}-${event.replace('.', '-')}`,
    name: 'events',
    value: event,
    label: event,
    checked: ticked.includes(event),
  }));
}

/**
 * "Last event delivered" counts events, not test deliveries (a test changes nothing about the
 * endpoint, docs/webhooks.md), and says so; the latest test, if one is listed, is named apart.
 */
function lastDelivered(view: WebhooksView, endpoint: ListedEndpoint): Html {
  const test = view.deliveries.find(
    (delivery) => delivery.endpoint_id === endpoint.id && delivery.event === 'webhook.test',
  );
  const testText = !test
    ? ''
    : test.status === 'delivered'
      ? html` · last test event delivered ${timeTag(test.delivered_at ?? test.created_at)}`
      : html` · <span class="bad">last test event not delivered ${timeTag(test.created_at)}${test.last_error ? html`: ${test.last_error}` : ''}</span>`;
  return html`last event delivered ${endpoint.last_delivery_at ? timeTag(endpoint.last_delivery_at) : 'none yet'} <span class="muted">(test events not counted)</span>${testText}`;
}

function endpointCard(view: WebhooksView, endpoint: ListedEndpoint): Html {
  const state = endpoint.active
    ? badge('active', 'active')
    : badge(
        'paused',
        endpoint.paused_reason === 'gone' ? 'paused: receiver answered 410 Gone' : 'paused',
      );
  const csrf = csrfField(view.viewer);
  const toggle = endpoint.active
    ? html`<input type="hidden" name="active" value="false"><button class="secondary" type="submit">Pause<span class="sr-only"> ${endpoint.url}</span></button>`
    : html`<input type="hidden" name="active" value="true"><button class="secondary" type="submit">Resume<span class="sr-only"> ${endpoint.url}</span></button>`;
  const prefix = `ep-${endpoint.id.slice(0, 8)}`;
  const sent = view.update?.endpointId === endpoint.id ? view.update.state : undefined;
  const form: FormState = sent ?? {
    values: { label: endpoint.label, events: endpoint.events },
  };
  const ticked = form.values.events;
  const ids = { label: `${prefix}-label`, events: `${prefix}-events` };
  return html`<article class="card" aria-labelledby="${prefix}-h">
<h3 id="${prefix}-h"><code>${endpoint.url}</code></h3>
<p>${state}${endpoint.label ? html` · ${endpoint.label}` : ''} · ${lastDelivered(view, endpoint)}</p>
${formErrorBox(WEBHOOK_UPDATE_FORM, sent, ids)}
<form class="stack" method="post" action="${DASHBOARD_PATHS.webhook(endpoint.id)}">
${csrf}<input type="hidden" name="events_present" value="1">
${formInput(WEBHOOK_UPDATE_FORM, form, 'label', { id: ids.label })}
${formChecks(WEBHOOK_UPDATE_FORM, form, 'events', eventBoxes(prefix, view.events, typeof ticked === 'string' ? [ticked] : (ticked ?? [])), { id: ids.events, legend: 'Subscribed events' })}
<div class="actions"><button type="submit">Save<span class="sr-only"> ${endpoint.url}</span></button></div>
</form>
<div class="actions">
<form class="inline" method="post" action="${DASHBOARD_PATHS.webhook(endpoint.id)}">${csrf}${toggle}</form>
<form class="inline" method="post" action="${DASHBOARD_PATHS.testWebhook(endpoint.id)}">${csrf}<button class="secondary" type="submit">Send test event<span class="sr-only"> to ${endpoint.url}</span></button></form>
${confirmAction({ label: 'Rotate secret', target: endpoint.url, question: 'Make a new signing secret? The current one keeps signing next to it for 24 hours, so your receiver can switch over; the new secret is shown once.', action: DASHBOARD_PATHS.webhook(endpoint.id), confirm: 'Yes, rotate the secret', hidden: html`${csrf}<input type="hidden" name="rotate_secret" value="1">`, secondary: true })}
${confirmAction({ label: 'Delete', target: endpoint.url, question: `Delete the endpoint ${endpoint.url}? Deliveries still waiting for it are dropped. This cannot be undone.`, action: DASHBOARD_PATHS.deleteWebhook(endpoint.id), confirm: 'Yes, delete the endpoint', hidden: csrf })}
</div>
</article>`;
}

function attemptsOf(delivery: Delivery): Html {
  if (delivery.attempt_log.length === 0) return html`–`;
  const items = delivery.attempt_log.map(
    (attempt) =>
      html`<li>#${attempt.attempt} ${timeTag(attempt.at)}: ${attempt.status ?? 'no answer'}${attempt.error ? html` (${attempt.error_class ?? ''}: ${attempt.error})` : ''}, ${attempt.duration_ms} ms</li>`,
  );
  return html`<details><summary>${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}</summary><ol class="plain">${items}</ol></details>`;
}

/** The delivery's JSON body, pretty-printed, and the receiver's last answer. */
function payloadOf(delivery: Delivery): Html {
  let text = delivery.body;
  try {
    text = JSON.stringify(JSON.parse(delivery.body), null, 2);
  } catch {
    // Shown as sent when it is not JSON.
  }
  const answer = delivery.last_status === null ? 'no answer yet' : `HTTP ${delivery.last_status}`;
  return html`<details><summary>Payload<span class="sr-only"> of ${delivery.event} ${delivery.created_at}</span></summary><p>Receiver’s last answer: ${answer}</p><pre class="payload" tabindex="0" aria-label="JSON body of ${delivery.event}">${text}</pre></details>`;
}

/** The delivery's status; a pending one says when it is tried next. */
function statusOf(delivery: Delivery): Html {
  const next =
    delivery.status === 'pending' && delivery.next_attempt_at
      ? html`<br><span class="muted">next attempt ${timeTag(delivery.next_attempt_at)}</span>`
      : '';
  return html`${badge(delivery.status)}${next}`;
}

function deliveriesTable(view: WebhooksView): Html {
  if (view.deliveries.length === 0) return html`<p>No deliveries yet.</p>`;
  const urls = new Map(view.endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  const rows = view.deliveries.map(
    (delivery) =>
      html`<tr><td>${delivery.event}</td><td>${urls.get(delivery.endpoint_id) ?? 'deleted endpoint'}</td><td>${statusOf(delivery)}</td><td>${attemptsOf(delivery)}</td><td>${delivery.last_status ?? '–'}${delivery.last_error ? html`<br><span class="muted">${delivery.last_error}</span>` : ''}</td><td>${timeTag(delivery.created_at)}</td>
<td>${payloadOf(delivery)}${urls.has(delivery.endpoint_id) ? html`<form class="inline" method="post" action="${DASHBOARD_PATHS.redeliver(delivery.id)}">${csrfField(view.viewer)}<button class="secondary small" type="submit">Redeliver<span class="sr-only"> ${delivery.event} of ${delivery.created_at}</span></button></form>` : ''}</td></tr>`,
  );
  return tableRegion(
    'Recent deliveries',
    html`<table><thead><tr><th scope="col">Event</th><th scope="col">Endpoint</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Created</th><th scope="col">Action</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/**
 * The notice after a redirect; a failed test event is an error, with the receiver's answer or
 * the connection's error (the latest test delivery's) as its reason.
 */
function noticeOf(view: WebhooksView): Html {
  if (view.notice !== 'test_failed') return notice(noticeText(view.notice));
  const test = view.deliveries.find((delivery) => delivery.event === 'webhook.test');
  const reason = test?.last_error
    ? `: ${test.last_error}`
    : test?.last_status
      ? `: the receiver answered HTTP ${test.last_status}`
      : '';
  return html`<div class="error" role="alert"><strong>The test event was not delivered${reason}.</strong> <a href="#deliveries">See the latest delivery below.</a></div>`;
}

/** Where a receiver may be: the production rule, and what this server accepts in local mode. */
function urlHint(localMode: boolean): string {
  return localMode
    ? 'https only. This server runs in local mode (ALLOW_PRIVATE_TARGETS=1), so a receiver on this machine is accepted on any port, e.g. https://127.0.0.1:8443; in production only port 443 on a public address.'
    : 'https only, on port 443, reachable from the internet. (In local mode, ALLOW_PRIVATE_TARGETS=1, a receiver on this machine such as https://127.0.0.1:8443 is accepted.)';
}

export function webhooksPage(view: WebhooksView): Html {
  const form: FormState = view.createForm ?? {
    values: { url: '', label: '', events: view.events },
  };
  const ticked = form.values.events;
  const created = view.created
    ? secretBox({
        id: 'new-secret',
        label: `Signing secret of ${view.created.endpoint.url}`,
        value: view.created.secret,
        note: 'Copy the signing secret now: it is shown only this once. Your receiver checks every delivery’s x-service-signature with it.',
      })
    : '';
  const rotated = view.rotated
    ? secretBox({
        id: 'new-secret',
        label: `New signing secret of ${view.rotated.endpoint.url}`,
        value: view.rotated.secret,
        note: `Copy the new signing secret now: it is shown only this once. The previous secret keeps signing next to it until ${view.rotated.previousUntil.slice(0, 16).replace('T', ' ')} UTC.`,
      })
    : '';
  const pending = view.deliveries.some((delivery) => delivery.status === 'pending');
  return dashboardLayout({
    title: 'Webhooks',
    section: 'webhooks',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.webhooks,
    body: html`<h1>Webhooks</h1>
<p class="lead">Events are delivered as signed HTTPS POSTs to your endpoints (<a href="/docs">how to verify them</a>). Failed deliveries are retried with growing delays.</p>
${noticeOf(view)}${formErrorBox(WEBHOOK_FORM, view.createForm)}${created}${rotated}
<h2>Endpoints</h2>
${view.endpoints.length ? view.endpoints.map((endpoint) => endpointCard(view, endpoint)) : html`<p>No endpoints yet.</p>`}
<h2>Add an endpoint</h2>
<form class="stack" method="post" action="${DASHBOARD_PATHS.webhooks}">
${csrfField(view.viewer)}
${formInput(WEBHOOK_FORM, form, 'url', { type: 'url', hint: urlHint(view.localMode) })}
${formInput(WEBHOOK_FORM, form, 'label', { label: 'Label (optional)' })}
${formChecks(WEBHOOK_FORM, form, 'events', eventBoxes('new', view.events, typeof ticked === 'string' ? [ticked] : (ticked ?? [])))}
<div class="actions"><button type="submit">Add endpoint</button></div>
</form>
<section id="deliveries" data-live${pending ? html` data-poll="3"` : ''} data-done-text="Deliveries updated.">
<h2>Recent deliveries</h2>
${deliveriesTable(view)}
</section>`,
  });
}
