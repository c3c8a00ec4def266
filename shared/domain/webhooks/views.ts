/** The public forms of stored endpoints and deliveries: never a secret, never the account. */
import type { StoredDelivery, StoredEndpoint } from './ports.ts';
import type { Delivery, Endpoint, ListedEndpoint } from './schemas.ts';

export function endpointView(endpoint: StoredEndpoint): Endpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    label: endpoint.label,
    events: endpoint.events,
    active: endpoint.active,
    created_at: endpoint.created_at,
    paused_reason: endpoint.active ? null : endpoint.paused_reason,
  };
}

export function listedEndpointView(endpoint: StoredEndpoint): ListedEndpoint {
  return { ...endpointView(endpoint), last_delivery_at: endpoint.last_delivery_at };
}

export function deliveryView(delivery: StoredDelivery): Delivery {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    event_id: delivery.event_id,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status: delivery.last_status,
    last_error: delivery.last_error,
    created_at: delivery.created_at,
    delivered_at: delivery.delivered_at,
    next_attempt_at: delivery.next_attempt_at,
    attempt_log: delivery.attempt_log.map((entry) => ({
      attempt: entry.attempt,
      at: entry.at,
      status: entry.status,
      error_class: entry.error_class as Delivery['attempt_log'][number]['error_class'],
      error: entry.error,
      duration_ms: entry.duration_ms,
    })),
    body: delivery.body,
  };
}
