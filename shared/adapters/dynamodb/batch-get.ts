/**
 * Reads items by key with BatchGetItem: at most 100 keys a request (DynamoDB's limit), and the
 * keys a request leaves unprocessed asked again with a short exponential backoff, as the
 * DynamoDB documentation advises for BatchGetItem. One mechanism for every repository that reads
 * several items at once (stats shards, a delivery with its endpoint, keys' last use).
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import type { ItemKey } from './keys.ts';

/** BatchGetItem's limit of keys per request. */
const BATCH_GET_LIMIT = 100;

export interface BatchGetOptions {
  /** Requests made for one chunk, its first included, before the read is given up. */
  maxRounds: number;
  /** Thrown (as an Error) when keys are still unprocessed after `maxRounds`. */
  failure: string;
  consistentRead?: boolean;
  /** Only these attributes (a ProjectionExpression of plain names). */
  projection?: string;
}

export async function batchGetItems(
  db: Db,
  keys: readonly ItemKey[],
  options: BatchGetOptions,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    items.push(...(await readChunk(db, keys.slice(start, start + BATCH_GET_LIMIT), options)));
  }
  return items;
}

async function readChunk(
  { doc, tableName }: Db,
  keys: readonly ItemKey[],
  options: BatchGetOptions,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let pending = [...keys];
  for (let round = 0; pending.length > 0; round += 1) {
    if (round >= options.maxRounds) throw new Error(options.failure);
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round));
    const answer = await doc.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName]: {
            Keys: pending,
            ...(options.consistentRead ? { ConsistentRead: true } : {}),
            ...(options.projection ? { ProjectionExpression: options.projection } : {}),
          },
        },
      }),
    );
    items.push(...(answer.Responses?.[tableName] ?? []));
    pending = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as ItemKey[];
  }
  return items;
}
