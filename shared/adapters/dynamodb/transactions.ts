/**
 * Writes that land together or not at all: one TransactWriteItems (DynamoDB on AWS; the local
 * store answers it too, local/dynalite-transactions.ts), read like a conditional write
 * (conditional.ts). The audit log is written this way with every change it records
 * (`auditedWrite`, audit-log-repository.ts).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';

/** One write of a transaction (Put, Update, Delete or ConditionCheck), table name included. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A Put as a transaction holds it; also what a single `PutCommand` takes. */
export type ItemPut = NonNullable<TransactItem['Put']>;

/** What DynamoDB allows in one transaction. */
export const MAX_TRANSACT_ITEMS = 100;

const CONFLICT_ATTEMPTS = 3;

function cancelledByConflict(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')
  );
}

/**
 * Writes `items` in one transaction: true when all were written, false (nothing written) when
 * one of their conditions did not hold. A transaction cancelled because another one was writing
 * the same item (`TransactionConflict`, AWS only) is tried again a few times, then answered as
 * a store outage (503).
 */
export async function transactWrite(db: Db, items: readonly TransactItem[]): Promise<boolean> {
  if (items.length === 0) return true;
  if (items.length > MAX_TRANSACT_ITEMS) {
    throw new Error(`A transaction holds at most ${MAX_TRANSACT_ITEMS} items (${items.length}).`);
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await conditionalWrite(() =>
        db.doc.send(new TransactWriteCommand({ TransactItems: [...items] })),
      );
    } catch (error) {
      if (!cancelledByConflict(error)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) {
        throw new UnavailableError(
          'service_unavailable',
          'The data store is busy with a concurrent change. Please retry shortly.',
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
