/**
 * The one reading of a DynamoDB conditional write that the repositories share: written, or its
 * condition did not hold. A transaction (`transactWrite`) is read the same way: cancelled because
 * one of its conditions did not hold is "not written", never a failure of the store.
 */
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

/**
 * True when a write failed only because a condition did not hold: a conditional write's
 * ConditionalCheckFailedException, or a transaction cancelled with a `ConditionalCheckFailed`
 * reason (and no reason that is a fault: a transaction that a conflict or a throttle cancelled
 * may well have held).
 */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  return (
    codes.includes('ConditionalCheckFailed') &&
    codes.every((code) => code === 'None' || code === 'ConditionalCheckFailed')
  );
}

/**
 * Runs a conditional write: true when it was written, false when its condition did not hold
 * (the item exists already, the state moved on). Every other failure is thrown. The store's
 * locks, claims, idempotent steps and counters are all built on this one answer.
 */
export async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
