/**
 * The account's audit log (docs/api.md "Audit log"): what was changed, by whom, when. An event is
 * written in the same transaction as the change it records (the store's `AuditedWrite`), so no
 * change is kept without its event and no event without its change; it is kept
 * AUDIT_RETENTION_DAYS. Areas name their actions `<target>.<verb>` in AUDIT_ACTIONS and build
 * their events with `auditEvent(caller, action, target, details)`.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '#shared/domain/accounts/principal';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';

/** Every action the log records; an area adds its own here (issue 39: alerts, 40: the plan). */
export const AUDIT_ACTIONS = [
  'invitation.created',
  'invitation.withdrawn',
  'invitation.declined',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'key.created',
  'key.revoked',
  'case.created',
  'case.updated',
  'case.archived',
  'prompts.updated',
  'run.started',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'alert.created',
  'alert.deleted',
  'report_link.created',
  'report_link.revoked',
  'plan.changed',
  'account.export_requested',
  'account.erasure_requested',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long an event is kept: the store's TTL deletes it after that (and lists never show it). */
export const AUDIT_RETENTION_DAYS = 400;

/**
 * Who did it: a signed-in person, an API key (with its creator's address), the operator, or the
 * payment provider (its events change the plan: `id` names the provider, `stripe`).
 */
export interface AuditActor {
  type: 'user' | 'key' | 'operator' | 'payment_provider';
  id: string;
  email?: string;
}

/** What it was done to: a kind (`member`, `key`, `case`, ...) and its id. */
export interface AuditTarget {
  type: string;
  id: string;
}

export interface AuditEvent {
  id: string;
  /** The account whose log holds it. */
  account_id: string;
  at: string;
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  /** What changed, in the action's own words (a role before and after, a key's scopes...). */
  details: Record<string, unknown>;
}

/** The actor of a call: the session's person, or the key (with its creator's address). */
export function actorOf(caller: Caller): AuditActor {
  return caller.kind === 'key'
    ? { type: 'key', id: caller.keyId, email: caller.email }
    : { type: 'user', id: caller.memberId, email: caller.email };
}

/** The operator CLI as an actor (it acts outside any account's members). */
export const OPERATOR_ACTOR: AuditActor = { type: 'operator', id: 'operator-cli' };

/** The payment provider as an actor: its events change the plan (docs/api.md "Plans and billing"). */
export const PAYMENT_PROVIDER_ACTOR: AuditActor = { type: 'payment_provider', id: 'stripe' };

/** An event of `caller`'s account, now, with a fresh id. */
export function auditEvent(
  caller: Caller | { accountId: string; actor: AuditActor },
  action: AuditAction,
  target: AuditTarget,
  details: Record<string, unknown>,
  clock: Clock,
): AuditEvent {
  return {
    id: randomUUID(),
    account_id: caller.accountId,
    at: nowIso(clock),
    actor: 'actor' in caller ? caller.actor : actorOf(caller),
    action,
    target,
    details,
  };
}

/** One page of the log, newest first, and the cursor of the next (null on the last page). */
export interface AuditPage {
  events: AuditEvent[];
  next_cursor: string | null;
}

/** The log as the account reads it (newest first; the cursor is bound to the account). */
export interface AuditLogReader {
  list(accountId: string, limit: number, cursor: string | undefined): Promise<AuditPage>;
}
