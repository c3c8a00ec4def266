/**
 * What the alerts area keeps (docs/data-model.md "Alerts"): a case's rules, each rule's firings
 * (one per rule and run at most, claimed with a condition) and the case's digest settings, all in
 * the case's partition under its account, so every read is keyed by the account.
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { CaseRef } from '#shared/domain/monitor/run-ref';
import type { AlertCondition, AlertMetric } from './rules.ts';
import type { AlertFigures } from './schemas.ts';

export interface AlertChannels {
  webhook: boolean;
  email: string[];
  /** Canonical form (punycode host, no default port). */
  slack_url: string | null;
}

export interface StoredAlert {
  id: string;
  account_id: string;
  case_id: string;
  metric: AlertMetric;
  family: string | null;
  brand: string | null;
  condition: AlertCondition;
  threshold: number | null;
  significant_only: boolean;
  channels: AlertChannels;
  created_at: string;
  last_fired_at: string | null;
}

/** One firing of a rule on one run: what it said, and the deliveries that carry it. */
export interface StoredFiring extends AlertFigures {
  alert_id: string;
  case_id: string;
  account_id: string;
  run_id: string;
  run_label: string;
  fired_at: string;
  /** The `case.alert` event's id (derived from rule and run). */
  event_id: string;
  /** The rule as it was when it fired (its channels decide the deliveries). */
  rule: Omit<StoredAlert, 'last_fired_at'>;
  delivery_ids: string[];
}

/** The outcome of claiming a firing: this call made it, an earlier one did, or the rule is gone. */
export type FiringClaim =
  | { status: 'claimed' | 'claimed_before'; firing: StoredFiring }
  | { status: 'rule_gone' };

/** A case's digest: opted in, and to whom. */
export interface DigestSettings {
  enabled: boolean;
  email: string[];
  updated_at: string;
}

export interface AlertStore {
  /**
   * Writes a new rule with its `alert.created` event, at once, if the case has fewer than `max`
   * rules; false (nothing written) when it has that many already.
   */
  createAlert(alert: StoredAlert, audit: AuditEvent, max: number): Promise<boolean>;
  /** The case's rules, oldest first. */
  listAlerts(ref: CaseRef): Promise<StoredAlert[]>;
  getAlert(ref: CaseRef, alertId: string): Promise<StoredAlert | undefined>;
  /** Removes the rule with its `alert.deleted` event, at once; false when it did not exist. */
  deleteAlert(ref: CaseRef, alertId: string, audit: AuditEvent): Promise<boolean>;
  /**
   * Records the firing of a rule on a run together with the rule's `last_fired_at`, unless the
   * rule fired on that run before (then the stored firing) or no longer exists.
   */
  claimFiring(ref: CaseRef, firing: StoredFiring): Promise<FiringClaim>;
  /** Adds the ids of deliveries made for a firing (idempotent). */
  addFiringDeliveries(
    ref: CaseRef,
    alertId: string,
    runId: string,
    deliveryIds: readonly string[],
  ): Promise<void>;
  /** A rule's firings, newest run first. */
  listFirings(ref: CaseRef, alertId: string, limit: number): Promise<StoredFiring[]>;
  getDigest(ref: CaseRef): Promise<DigestSettings | undefined>;
  putDigest(ref: CaseRef, settings: DigestSettings): Promise<void>;
}
