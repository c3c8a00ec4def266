/**
 * The ranges dataset the monthly refresh stored (docs/agent-logs.md "Keeping the ranges
 * current"): one item `AGENTRANGES` / `CURRENT`, the dataset as gzip-compressed JSON (Google's
 * lists alone hold hundreds of prefixes), checked against its schema when read; an item that
 * does not read is ignored, so the bundled dataset serves.
 */

import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RangesStore } from '#shared/domain/agents/ports';
import { type RangesDataset, RangesDatasetSchema } from '#shared/domain/agents/ranges';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

async function read(db: Db): Promise<RangesDataset | undefined> {
  const item = await readItem(db, KEYS.agentRanges());
  if (!item || !(item.data instanceof Uint8Array)) return undefined;
  try {
    return RangesDatasetSchema.parse(JSON.parse(gunzipSync(item.data).toString('utf8')));
  } catch {
    return undefined;
  }
}

async function write(db: Db, dataset: RangesDataset): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...KEYS.agentRanges(),
        as_of: dataset.as_of,
        data: gzipSync(JSON.stringify(dataset)),
      },
    }),
  );
}

export function createAgentRangesRepository(db: Db): RangesStore {
  return { read: () => read(db), write: (dataset) => write(db, dataset) };
}
