/**
 * An uploaded log's body while it waits to be processed (docs/data-model.md "Agent analytics"):
 * parts of at most 350 KB under `AGENTLOGBODY#<body key>` / `PART#<n>`, with a TTL (three days)
 * in case processing never ends; processing deletes them when it is done. Written and deleted a
 * few at once, read in order with the next part already on its way.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MissingBodyError } from '#shared/domain/agent-logs/ports';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

const PARALLEL = 4;

async function inBatches(count: number, work: (index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += PARALLEL) {
    const indexes = Array.from({ length: Math.min(PARALLEL, count - start) }, (_, i) => start + i);
    await Promise.all(indexes.map(work));
  }
}

export async function putBody(
  db: Db,
  bodyKey: string,
  parts: readonly Uint8Array[],
  expiresAt: number,
): Promise<void> {
  await inBatches(parts.length, (index) =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.agentLogBodyPart(bodyKey, index),
          data: parts[index],
          expires_at: expiresAt,
        },
      }),
    ),
  );
}

async function readPart(db: Db, bodyKey: string, index: number): Promise<Uint8Array> {
  const item = await readItem(db, KEYS.agentLogBodyPart(bodyKey, index));
  if (!item || !(item.data instanceof Uint8Array)) {
    throw new MissingBodyError(
      'The uploaded log is no longer kept (bodies wait at most three days); upload it again.',
    );
  }
  return item.data;
}

/** The parts in order; the next one is read while the current one is consumed. */
export async function* readBody(
  db: Db,
  bodyKey: string,
  parts: number,
): AsyncGenerator<Uint8Array> {
  let next = parts > 0 ? readPart(db, bodyKey, 0) : undefined;
  for (let index = 0; index < parts && next; index += 1) {
    const current = await next;
    next = index + 1 < parts ? readPart(db, bodyKey, index + 1) : undefined;
    // A part read ahead that fails is reported when it is reached, never left unhandled.
    next?.catch(() => undefined);
    yield current;
  }
}

export async function deleteBody(db: Db, bodyKey: string, parts: number): Promise<void> {
  await inBatches(parts, (index) =>
    db.doc.send(
      new DeleteCommand({ TableName: db.tableName, Key: KEYS.agentLogBodyPart(bodyKey, index) }),
    ),
  );
}
