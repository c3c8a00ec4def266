/**
 * A change of an account's plan, whoever makes it (the payment provider's events, the operator's
 * `set-account`): its audit event `plan.changed`, written in the same transaction as the change,
 * and the plain mail that tells the owner (docs/api.md "Plans and billing").
 */
import type { MailMessage } from '#shared/domain/accounts/mail-port';
import type { Account } from '#shared/domain/accounts/ports';
import { type AuditActor, type AuditEvent, auditEvent } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';

/** The plan as the audit log and the mails state it. */
function summary(account: Account | null) {
  return account === null
    ? null
    : {
        plan: account.plan,
        subscription: account.subscription,
        grace_until: account.grace_until ?? null,
      };
}

export interface PlanChange {
  accountId: string;
  before: Account | null;
  after: Account | null;
  actor: AuditActor;
  /** What caused it (the provider's event and subscription, the operator's override...). */
  details: Record<string, unknown>;
}

/** The `plan.changed` event of a change, to be written with it. */
export function planChangeEvent(change: PlanChange, clock: Clock): AuditEvent {
  return auditEvent(
    { accountId: change.accountId, actor: change.actor },
    'plan.changed',
    { type: 'account', id: change.accountId },
    { from: summary(change.before), to: summary(change.after), ...change.details },
    clock,
  );
}

const day = (iso: string) => iso.slice(0, 10);

/** Subject and first paragraph of the mail for the plan the account moved to. */
function wording(before: Account | null, after: Account | null): [string, string] {
  if (after === null) {
    return [
      'Your Monitor account was closed',
      'The operator closed the Monitor account of your account. Scans, batches, keys and webhooks keep working under the free limits.',
    ];
  }
  if (after.subscription === 'ended') {
    return [
      'Your Pro subscription has ended',
      'Manual runs and the monthly runs have stopped. Every case, run and summary stays readable; upgrade again to measure again.',
    ];
  }
  if (after.plan === 'free') {
    return [
      'Your account is on the Free plan',
      'Cases can be set up and read; runs, manual and monthly, need the Pro plan.',
    ];
  }
  if (after.grace_until) {
    return [
      'A payment for your Pro plan failed',
      `The renewal payment of your Pro subscription failed. Pro continues until ${day(after.grace_until)} (UTC) while the payment is retried; update your card under "Manage billing" to keep it. After that date, manual and monthly runs stop until the payment succeeds.`,
    ];
  }
  if (before?.plan === 'pro' && before.grace_until) {
    return [
      'Payment received: your Pro plan continues',
      'The overdue payment went through. Nothing else changes.',
    ];
  }
  return [
    'Your account is on the Pro plan',
    'Manual runs are open, and every active case gets a run on the first of each month.',
  ];
}

/** The plain mail to the owner about the change. */
export function planChangeMail(
  to: string,
  change: Pick<PlanChange, 'before' | 'after'>,
  billingPage: string,
  source: string,
): MailMessage {
  const [subject, paragraph] = wording(change.before, change.after);
  return {
    to,
    subject,
    text: [
      'Hello,',
      '',
      paragraph,
      '',
      `Your plan and billing: ${billingPage}`,
      '',
      `(Changed by ${source}.)`,
    ].join('\n'),
  };
}
