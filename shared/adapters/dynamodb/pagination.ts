/**
 * Cursor pagination over DynamoDB queries. A cursor is the query's LastEvaluatedKey, base64url
 * JSON; it is accepted back only for the same partition it came from, so a forged cursor cannot
 * start a query inside another tenant's items.
 */
import {
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { BadRequestError } from '#shared/domain/kernel/errors';

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: string | null;
}

type StartKey = Record<string, unknown>;

export function encodeCursor(lastKey: StartKey | undefined): string | null {
  if (!lastKey) return null;
  return Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url');
}

/** Decodes a cursor; `partition` names the attribute and value the query is bound to. */
export function decodeCursor(
  cursor: string | undefined,
  partition: { attribute: string; value: string },
): StartKey | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const valid =
    typeof decoded === 'object' &&
    decoded !== null &&
    !Array.isArray(decoded) &&
    Object.values(decoded).every((value) => typeof value === 'string') &&
    (decoded as StartKey)[partition.attribute] === partition.value;
  if (!valid) {
    throw new BadRequestError(
      'invalid_cursor',
      'The cursor is not one this list returned. Start again without a cursor.',
    );
  }
  return decoded as StartKey;
}

/** One page of a query (at most `limit` items). */
export async function queryPage<T>(
  doc: DynamoDBDocumentClient,
  input: QueryCommandInput & { Limit: number },
  map: (item: Record<string, unknown>) => T,
): Promise<{ items: T[]; lastKey: StartKey | undefined }> {
  const page = await doc.send(new QueryCommand(input));
  return { items: (page.Items ?? []).map(map), lastKey: page.LastEvaluatedKey };
}

/** Every item of a query, page by page (for bounded sets: a user's keys, one job's rows). */
export async function queryAll<T>(
  doc: DynamoDBDocumentClient,
  input: QueryCommandInput,
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const items: T[] = [];
  let startKey: StartKey | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []).map(map));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * One page of an owner listing on gsi1 (a partition per owner and kind), newest first, with the
 * cursor bound to that partition.
 */
export async function queryOwnerIndexPage<T>(
  doc: DynamoDBDocumentClient,
  query: {
    tableName: string;
    indexName: string;
    partition: string;
    limit: number;
    cursor?: string;
  },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const { items, lastKey } = await queryPage(
    doc,
    {
      TableName: query.tableName,
      IndexName: query.indexName,
      KeyConditionExpression: 'gsi1pk = :owner',
      ExpressionAttributeValues: { ':owner': query.partition },
      ScanIndexForward: false,
      Limit: query.limit,
      ExclusiveStartKey: decodeCursor(query.cursor, {
        attribute: 'gsi1pk',
        value: query.partition,
      }),
    },
    map,
  );
  return { items, cursor: encodeCursor(lastKey) };
}
