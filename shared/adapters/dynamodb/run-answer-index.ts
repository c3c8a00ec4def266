/**
 * A finished run's answer index (docs/decisions.md "The answers page"), in the run's partition
 * `USER#<owner>#RUN#<run>` as `INDEX#<part>` items: the entries as JSON text, split so that no
 * item nears DynamoDB's 400 KB limit, each part saying how many there are. A reader that finds
 * a part missing (a write that died half-way) reads no index, and the caller measures the
 * answers itself; a repeated write stores the same parts again.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { PROMPT_BLOCKS } from '#shared/domain/monitor/engine/types';
import type { AnswerIndex, IndexedAnswer } from '#shared/domain/monitor/ports';
import { ASK_MODES, PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import type { Db } from './client.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';

/** Characters of entries' JSON per item: well under 400 KB with the keys and the prompts. */
const PART_CHARS = 250_000;

const Entry = z.object({
  id: z.string(),
  cell_id: z.string(),
  family: z.enum(PROVIDER_FAMILIES),
  mode: z.enum(ASK_MODES),
  block: z.enum(PROMPT_BLOCKS),
  prompt_id: z.string(),
  mentioned: z.boolean(),
  share: z.array(z.string()),
  cited: z.array(z.string()),
  categories: z.array(z.string()),
});
const Part = z.object({
  part: z.number().int().min(0),
  parts: z.number().int().min(1),
  entries: z.string(),
  prompts: z.string().optional(),
});

/** The entries cut into parts of at most PART_CHARS characters of JSON each. */
function partsOf(entries: readonly IndexedAnswer[]): IndexedAnswer[][] {
  const parts: IndexedAnswer[][] = [[]];
  let size = 0;
  for (const entry of entries) {
    const length = JSON.stringify(entry).length + 1;
    const current = parts.at(-1) as IndexedAnswer[];
    if (size + length > PART_CHARS && current.length > 0) {
      parts.push([entry]);
      size = length;
    } else {
      current.push(entry);
      size += length;
    }
  }
  return parts;
}

export async function putAnswerIndex(db: Db, run: RunRef, index: AnswerIndex): Promise<void> {
  const parts = partsOf(index.entries);
  for (const [part, entries] of parts.entries()) {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorAnswerIndex(run, part),
          part,
          parts: parts.length,
          entries: JSON.stringify(entries),
          ...(part === 0 ? { prompts: JSON.stringify(index.prompts) } : {}),
        },
      }),
    );
  }
}

export async function loadAnswerIndex(db: Db, run: RunRef): Promise<AnswerIndex | undefined> {
  const items = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': KEYS.monitorRunData(run),
        ':prefix': SK_PREFIX.monitorAnswerIndex,
      },
      ConsistentRead: true,
    },
    (item) => Part.parse(item),
  );
  const first = items.find((item) => item.part === 0);
  const whole =
    first !== undefined &&
    items.length === first.parts &&
    items.every((item, position) => item.part === position && item.parts === first.parts);
  if (!whole) return undefined;
  const entries = items.flatMap((item) => z.array(Entry).parse(JSON.parse(item.entries)));
  const prompts = z.record(z.string(), z.string()).parse(JSON.parse(first.prompts ?? '{}'));
  return { entries, prompts };
}
