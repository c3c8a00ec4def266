/**
 * The one reading of a DynamoDB conditional write that the repositories share: written, or its
 * condition did not hold.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

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
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
