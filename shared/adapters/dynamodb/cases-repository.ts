/**
 * Monitor cases (docs/monitor.md "Data"). The case item lives in its owner's case partition
 * `USER#<owner>#CASE#<id>` / `CASE`; gsi1 lists an owner's cases and gsi2 every tenant's, both
 * newest first. A pointer `CASE#<id>` / `OWNER` claims the id and names the owner, for the
 * reads that start from an id alone (monitor:admin, the workflow). `search_text` holds name and
 * domain folded for `q`.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/domain/audit/events';
import type {
  CaseChanges,
  CasePage,
  CasesStore,
  PageRequest,
  StoredCase,
} from '#shared/domain/monitor/ports';
import { foldForSearch, searchTextOf } from '#shared/domain/monitor/profile';
import { type CaseRef, caseRefOf, type RunRef } from '#shared/domain/monitor/run-ref';
import { auditedWrite, auditItem } from './audit-log-repository.ts';
import { createCaseIdentityClaims } from './case-identity-claims.ts';
import type { Db } from './client.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { decodeCursor, encodeCursor, queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';

const PAGE_SCAN_LIMIT = 100;

type Item = Record<string, unknown>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function toCase(item: Item): StoredCase {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const competitors = Array.isArray(item.competitors) ? (item.competitors as Item[]) : [];
  return {
    id: text(item.id),
    owner_id: text(item.owner_id),
    name: text(item.name),
    domain: text(item.domain),
    aliases: strings(item.aliases),
    category: text(item.category),
    icp: text(item.icp),
    competitors: competitors.map((c) => ({
      name: text(c.name),
      domain: typeof c.domain === 'string' ? c.domain : null,
      aliases: strings(c.aliases),
    })),
    use_cases: strings(item.use_cases),
    region: text(item.region),
    languages: strings(item.languages),
    fact_sheet: (item.fact_sheet as Record<string, string> | undefined) ?? {},
    ...optionalPromptFields(item),
    status: item.status === 'paused' || item.status === 'archived' ? item.status : 'active',
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
    latest_score: typeof item.latest_score === 'number' ? item.latest_score : null,
    last_run_at: typeof item.last_run_at === 'string' ? item.last_run_at : null,
    latest_run_id: typeof item.latest_run_id === 'string' ? item.latest_run_id : null,
  };
}

/**
 * The case's translations and prompt edits (both written whole by the monitor's operations, so
 * their shape is the engine's); absent on cases stored before them.
 */
function optionalPromptFields(item: Item): Pick<StoredCase, 'translations' | 'prompt_edits'> {
  const translations = isObject(item.translations)
    ? (item.translations as StoredCase['translations'])
    : undefined;
  const edits = isObject(item.prompt_edits)
    ? (item.prompt_edits as unknown as StoredCase['prompt_edits'])
    : undefined;
  return {
    ...(translations ? { translations } : {}),
    ...(edits ? { prompt_edits: edits } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored attributes of a case; the latest-run fields exist only once a run finished. */
function caseAttributes(stored: StoredCase): Item {
  const { latest_score, last_run_at, latest_run_id, ...rest } = stored;
  return {
    ...rest,
    ...(latest_run_id === null ? {} : { latest_score, last_run_at, latest_run_id }),
    search_text: searchTextOf(stored.name, stored.domain),
  };
}

interface Listing {
  index: string;
  partitionAttribute: 'gsi1pk' | 'gsi2pk';
  sortAttribute: 'gsi1sk' | 'gsi2sk';
  partition: string;
}

const OWNER_LISTING = {
  index: INDEX.byOwner,
  partitionAttribute: 'gsi1pk',
  sortAttribute: 'gsi1sk',
} as const;

const ALL_LISTING = {
  index: INDEX.byAlternateId,
  partitionAttribute: 'gsi2pk',
  sortAttribute: 'gsi2sk',
  partition: GSI.allCases,
} as const;

export function createCasesRepository(doc: DynamoDBDocumentClient, tableName: string): CasesStore {
  const db: Db = { doc, tableName };
  return {
    createCase: (stored, audit) => createCase(db, stored, audit),
    getCase: async (ref) => {
      const item = await readItem(db, KEYS.monitorCase(ref));
      return item ? toCase(item) : undefined;
    },
    findOwner: (caseId) => findOwner(db, caseId),
    updateCase: (ref, changes, updatedAt, audits) =>
      updateCase(db, ref, changes, updatedAt, audits),
    listCases: (ownerId, page) =>
      listPage(db, { ...OWNER_LISTING, partition: GSI.userCases(ownerId) }, page),
    listAllCases: (page) => listPage(db, ALL_LISTING, page),
    allCases: () => allCases(db),
    recordLatestRun: (run, latest) => recordLatestRun(db, run, latest),
    identities: createCaseIdentityClaims(db),
  };
}

/**
 * One page of a listing, filtered by `q`. The store is asked for one item more than the page
 * holds, so a cursor is returned only when something follows; the cursor is the key of the
 * last item returned, which the next query starts after.
 */
async function listPage(db: Db, listing: Listing, page: PageRequest): Promise<CasePage> {
  let startKey = decodeCursor(page.cursor, {
    attribute: listing.partitionAttribute,
    value: listing.partition,
  });
  const q = page.q === undefined ? '' : foldForSearch(page.q);
  const found: Item[] = [];
  do {
    const result = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: listing.index,
        KeyConditionExpression: `${listing.partitionAttribute} = :partition`,
        ...(q === '' ? {} : { FilterExpression: 'contains(search_text, :q)' }),
        ExpressionAttributeValues: { ':partition': listing.partition, ...(q ? { ':q': q } : {}) },
        ScanIndexForward: false,
        Limit: q === '' ? page.limit + 1 : PAGE_SCAN_LIMIT,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...((result.Items ?? []) as Item[]));
    startKey = result.LastEvaluatedKey;
  } while (startKey && found.length <= page.limit);
  const items = found.slice(0, page.limit);
  const last = items.at(-1);
  // The loop stops early only once more than a page was found: then something follows.
  const cursor =
    found.length > page.limit && last
      ? encodeCursor({
          pk: last.pk,
          sk: last.sk,
          [listing.partitionAttribute]: last[listing.partitionAttribute],
          [listing.sortAttribute]: last[listing.sortAttribute],
        })
      : null;
  return { cases: items.map(toCase), cursor };
}

/** The id's owner pointer, the case and its `case.created` event, in one transaction. */
async function createCase(db: Db, stored: StoredCase, audit: AuditEvent): Promise<void> {
  const sortKey = `${stored.created_at}#${stored.id}`;
  const written = await auditedWrite(db, audit, [
    {
      Put: {
        TableName: db.tableName,
        Item: { ...KEYS.monitorCaseOwner(stored.id), owner_id: stored.owner_id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorCase(caseRefOf(stored)),
          gsi1pk: GSI.userCases(stored.owner_id),
          gsi1sk: sortKey,
          gsi2pk: GSI.allCases,
          gsi2sk: sortKey,
          ...caseAttributes(stored),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!written) throw new Error(`A case with id ${stored.id} exists already.`);
}

async function findOwner(db: Db, caseId: string): Promise<string | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.monitorCaseOwner(caseId) }),
  );
  return typeof Item?.owner_id === 'string' ? Item.owner_id : undefined;
}

/** The changes and their audit events in one transaction; the case as written, or undefined. */
async function updateCase(
  db: Db,
  ref: CaseRef,
  changes: CaseChanges,
  updatedAt: string,
  audits: readonly AuditEvent[],
): Promise<StoredCase | undefined> {
  const values: Item = { ...changes, updated_at: updatedAt };
  if (changes.name !== undefined && changes.domain !== undefined) {
    values.search_text = searchTextOf(changes.name, changes.domain);
  }
  const names = Object.keys(values);
  const [first, ...others] = audits;
  if (!first) throw new Error('a change of a case is written with its audit event');
  const written = await auditedWrite(db, first, [
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.monitorCase(ref),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
      },
    },
    ...others.map((event) => auditItem(db, event)),
  ]);
  if (!written) return undefined;
  const item = await readItem(db, KEYS.monitorCase(ref));
  return item ? toCase(item) : undefined;
}

function allCases(db: Db): Promise<StoredCase[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :all',
      ExpressionAttributeValues: { ':all': GSI.allCases },
    },
    toCase,
  );
}

async function recordLatestRun(
  db: Db,
  run: RunRef,
  latest: { score: number; finished_at: string },
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.monitorCase(run),
        UpdateExpression: 'SET latest_run_id = :run, latest_score = :score, last_run_at = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(latest_run_id) OR latest_run_id < :run)',
        ExpressionAttributeValues: {
          ':run': run.run_id,
          ':score': latest.score,
          ':at': latest.finished_at,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
