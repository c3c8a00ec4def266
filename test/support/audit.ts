import { systemClock } from '#shared/adapters/clock/system-clock';
import {
  type AuditAction,
  type AuditEvent,
  auditEvent,
  OPERATOR_ACTOR,
} from '#shared/domain/audit/events';

/** An operator's audit event of `accountId`, for store tests that write audited changes. */
export function operatorEvent(
  accountId: string,
  action: AuditAction = 'case.created',
  targetId = 'test',
): AuditEvent {
  return auditEvent(
    { accountId, actor: OPERATOR_ACTOR },
    action,
    { type: action.split('.')[0] ?? 'test', id: targetId },
    {},
    systemClock,
  );
}
