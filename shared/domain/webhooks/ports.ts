/**
 * What the webhooks area keeps (docs/webhooks.md, "Data"): endpoints and deliveries, always
 * addressed through the account they belong to, so another account's id reads as missing.
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { EventType } from '#shared/domain/events/types';

/** Why an endpoint is inactive: paused through the API, or the receiver answered 410 Gone. */
export type PausedReason = 'api' | 'gone';

export interface EndpointSecret {
  value: string;
  /** When a rotated-out secret stops signing; null for the current secret. */
  expires_at: string | null;
}

export interface StoredEndpoint {
  id: string;
  account_id: string;
  /** Canonical form (punycode host, no default port); immutable. */
  url: string;
  label: string;
  events: EventType[];
  active: boolean;
  paused_reason: PausedReason | null;
  created_at: string;
  last_delivery_at: string | null;
  /** Newest first: the current secret, then at most one rotated-out secret in its grace period. */
  secrets: EndpointSecret[];
}

/**
 * - `pending`: an execution is attempting it or waiting for the next attempt;
 * - `held`: its endpoint is paused; it goes out when the endpoint is active again;
 * - `delivered`: a 2xx answered;
 * - `failed`: given up (attempts exhausted, 410 Gone, or the address policy refused the receiver).
 */
export type DeliveryStatus = 'pending' | 'held' | 'delivered' | 'failed';

export interface AttemptRecord {
  /** 1-based, over the whole life of the delivery (redeliveries continue the count). */
  attempt: number;
  /** The `x-service-timestamp` this attempt was signed with. */
  at: string;
  status: number | null;
  /** `http`, `redirect`, `timeout`, `network`, `tls`, `blocked`; null when delivered. */
  error_class: string | null;
  error: string | null;
  duration_ms: number;
}

/**
 * Where a delivery that is not a signed webhook goes (docs/alerts.md "Channels"): a Slack-compatible
 * incoming webhook or one mail address. Such a delivery runs through the same workflow, retry
 * schedule and records as a webhook delivery; its `endpoint_id` names what it belongs to (the
 * alert rule, or the case for a digest), whose deletion drops it like an endpoint's.
 */
export interface DeliveryChannel {
  kind: 'slack' | 'email';
  /** The Slack URL or the mail address. */
  target: string;
  case_id: string;
  /** The alert rule it tells about; null for a case's digest. */
  alert_id: string | null;
}

export interface StoredDelivery {
  id: string;
  account_id: string;
  /** The endpoint; for a Slack or mail delivery, the alert rule (or the case, for a digest). */
  endpoint_id: string;
  event_id: string;
  /** Event name; `webhook.test` for a test delivery. */
  event: string;
  /** The exact JSON body every attempt sends (fixed once, so every signature covers the same bytes). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /**
   * Attempts made before the current series: a redelivery starts the retry schedule again while
   * the attempt count goes on.
   */
  series_start: number;
  /**
   * Which execution owns the delivery. A redelivery or a resumption takes it over with a new
   * generation; an execution that finds another generation ends without touching it.
   */
  generation: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  attempt_log: AttemptRecord[];
  /** Set for a Slack or mail delivery; absent for a webhook delivery. */
  channel?: DeliveryChannel;
}

/** The fields an attempt changes; applied only if the delivery is still at `expected`. */
export interface AttemptUpdate {
  record: AttemptRecord;
  status: DeliveryStatus;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export interface EndpointChanges {
  label?: string;
  events?: EventType[];
  active?: boolean;
  paused_reason?: PausedReason | null;
}

export interface EndpointStore {
  /** Claims the URL for the account; false when the account has registered it already. */
  claimUrl(accountId: string, url: string, endpointId: string): Promise<boolean>;
  releaseUrl(accountId: string, url: string): Promise<void>;
  /** Takes one of the account's `max` endpoint slots atomically; false when all are used. */
  takeSlot(accountId: string, max: number): Promise<boolean>;
  releaseSlot(accountId: string): Promise<void>;
  /** Writes a new endpoint with its `webhook.created` event, at once. */
  putEndpoint(endpoint: StoredEndpoint, audit: AuditEvent): Promise<void>;
  getEndpoint(accountId: string, endpointId: string): Promise<StoredEndpoint | undefined>;
  /** Every endpoint of the account (read page by page), oldest first. */
  listEndpoints(accountId: string): Promise<StoredEndpoint[]>;
  /** Applies the changes to an existing endpoint; undefined when it does not exist. */
  updateEndpoint(
    accountId: string,
    endpointId: string,
    changes: EndpointChanges,
  ): Promise<StoredEndpoint | undefined>;
  /**
   * Replaces the secrets if they are still `previous` (no concurrent rotation), with the
   * `webhook.secret_rotated` event, at once; false if not.
   */
  replaceSecrets(
    endpoint: StoredEndpoint,
    previous: readonly EndpointSecret[],
    next: readonly EndpointSecret[],
    audit: AuditEvent,
  ): Promise<boolean>;
  /** Moves `last_delivery_at` forward (never back). */
  touchLastDelivery(accountId: string, endpointId: string, at: string): Promise<void>;
  /** Removes the endpoint with its `webhook.deleted` event, at once; false when it did not exist. */
  deleteEndpoint(accountId: string, endpointId: string, audit: AuditEvent): Promise<boolean>;
}

export interface OpenDeliveryRef {
  account_id: string;
  endpoint_id: string;
  delivery_id: string;
}

export interface DeliveryStore {
  /**
   * Writes a new delivery (and the open marker of a held one); when a delivery with this id
   * exists (a message SQS delivered twice), nothing is written and the stored one is returned.
   */
  createDelivery(delivery: StoredDelivery): Promise<{ created: boolean; delivery: StoredDelivery }>;
  /** A finished delivery that never waits (a test delivery): no open marker. */
  putFinishedDelivery(delivery: StoredDelivery): Promise<void>;
  getDelivery(accountId: string, deliveryId: string): Promise<StoredDelivery | undefined>;
  /**
   * Records one attempt if the delivery is still at this generation and attempt count; a retry
   * gets its open marker first, a final outcome drops it.
   */
  recordAttempt(
    delivery: StoredDelivery,
    update: AttemptUpdate,
  ): Promise<StoredDelivery | undefined>;
  /** pending -> held at this generation (with its marker); false when another execution owns it. */
  hold(delivery: StoredDelivery): Promise<boolean>;
  /**
   * Gives the delivery to a new execution: generation + 1, status pending, a new retry series.
   * Undefined when the generation moved on meanwhile.
   */
  takeOver(delivery: StoredDelivery): Promise<StoredDelivery | undefined>;
  /**
   * pending -> failed with `lastError`, at this generation, without an attempt (the attempt
   * step itself kept failing); false when another execution owns the delivery.
   */
  abandon(delivery: StoredDelivery, lastError: string): Promise<boolean>;
  /** Removes a delivery that is still pending or held, and its marker. */
  dropWaiting(accountId: string, endpointId: string, deliveryId: string): Promise<void>;
  /** Removes the open marker of a delivery that became final. */
  closeMarker(delivery: StoredDelivery): Promise<void>;
  /**
   * Ids of the endpoint's deliveries waiting with no attempt running (for a retry, or held),
   * strongly consistent; may name deliveries that moved on since, never misses a waiting one.
   */
  listOpenForEndpoint(accountId: string, endpointId: string): Promise<string[]>;
  /** The account's webhook deliveries (not Slack or mail ones), newest first. */
  listRecent(accountId: string, limit: number): Promise<StoredDelivery[]>;
  /** These deliveries of the account (those that exist), in no particular order. */
  getDeliveries(accountId: string, deliveryIds: readonly string[]): Promise<StoredDelivery[]>;
  /** Every delivery not final yet, across accounts (the local stack resumes them). */
  listAllOpen(): Promise<OpenDeliveryRef[]>;
  /** The delivery and its endpoint in one strongly consistent read (the attempt step). */
  getForAttempt(
    accountId: string,
    deliveryId: string,
    endpointId: string,
  ): Promise<{ delivery?: StoredDelivery; endpoint?: StoredEndpoint }>;
}

export interface WebhookStore {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
}
