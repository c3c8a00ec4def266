import { expect } from 'vitest';
import { callJson } from './stack.ts';

/** The webhook routes as a client uses them, for the integration tests. */
export interface AttemptView {
  attempt: number;
  at: string;
  status: number | null;
  error_class: string | null;
  error: string | null;
  duration_ms: number;
}

export interface DeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  attempt_log: AttemptView[];
}

export interface EndpointView {
  id: string;
  url: string;
  label: string;
  events: string[];
  active: boolean;
  created_at: string;
  paused_reason: string | null;
  last_delivery_at?: string | null;
}

export interface WebhookList {
  events: string[];
  endpoints: EndpointView[];
  recent_deliveries: DeliveryView[];
}

export async function createEndpoint(
  baseUrl: string,
  key: string,
  body: Record<string, unknown>,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const response = await callJson(baseUrl, '/api/v1/webhooks', { method: 'POST', key, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as { endpoint: EndpointView; secret: string };
}

export async function listWebhooks(baseUrl: string, key: string): Promise<WebhookList> {
  const response = await callJson(baseUrl, '/api/v1/webhooks', { key });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as WebhookList;
}

export async function patchEndpoint(
  baseUrl: string,
  key: string,
  id: string,
  body: Record<string, unknown>,
): Promise<EndpointView> {
  const response = await callJson(baseUrl, `/api/v1/webhooks/${id}`, {
    method: 'PATCH',
    key,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as unknown as { endpoint: EndpointView }).endpoint;
}

/** Polls `GET /api/v1/webhooks` until a delivery matches (or the time is up). */
export async function waitForDelivery(
  baseUrl: string,
  key: string,
  matches: (delivery: DeliveryView) => boolean,
  timeoutMs = 20_000,
): Promise<DeliveryView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { recent_deliveries: deliveries } = await listWebhooks(baseUrl, key);
    const found = deliveries.find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no matching delivery in time; have ${JSON.stringify(deliveries, null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
