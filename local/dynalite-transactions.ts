/**
 * TransactWriteItems for the local store. dynalite 4 has no transactions, and the service writes
 * a change and its audit event in one (docs/decisions.md "Transactions in the local store"). This
 * answers the action at the HTTP level, before dynalite, with DynamoDB's semantics:
 * - each element is validated by dynalite's own validation of PutItem, UpdateItem or DeleteItem
 *   (a ConditionCheck as a DeleteItem with its condition); a malformed request is a
 *   ValidationException and writes nothing;
 * - transactions run one at a time, and each holds dynalite's own per-key locks on all its items
 *   while it reads them, so no single-item write lands between its checks and its writes;
 * - every condition is evaluated by dynalite's own evaluation on the current items, and every
 *   write is computed by dynalite's own actions (update expressions, index maintenance, item
 *   size) against a store that records the writes instead of making them;
 * - if all conditions hold, the recorded writes (items and index entries) go to the LevelDB
 *   database in one batch, which LevelDB applies atomically: a crash leaves all or nothing;
 * - otherwise nothing is written and the answer is TransactionCanceledException with one
 *   CancellationReason per element, in order (`None` for those that passed), and the item for a
 *   failed condition that asked for it with ReturnValuesOnConditionCheckFailure ALL_OLD;
 * - a ClientRequestToken seen in the last ten minutes answers as its first request did (an
 *   other request under the same token: IdempotentParameterMismatchException).
 */
import {
  type ActionData,
  type AttributeMap,
  type BatchOperation,
  type DynaliteError,
  type DynaliteStore,
  dynaliteModules,
  SUBDB_PREFIX,
  type SubDb,
  type TableDescription,
  type WriteAction,
} from './dynalite-internals.ts';

const MAX_ITEMS = 100;
const TOKEN_TTL_MS = 10 * 60_000;
const MAX_TOKENS = 1000;
const TYPE_PREFIX = 'com.amazonaws.dynamodb.v20120810#';

/** What the HTTP layer sends back: a status and a JSON body. */
export interface TransactionAnswer {
  status: number;
  body: Record<string, unknown>;
}

type Kind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/** One element of the request, validated, with the key it writes. */
interface Element {
  kind: Kind;
  data: ActionData;
  returnOldOnFailure: boolean;
}

interface CancellationReason {
  Code: string;
  Message?: string;
  Item?: AttributeMap;
}

/** Answers TransactWriteItems requests against one dynalite store. */
export function createTransactionHandler(store: DynaliteStore) {
  let queue: Promise<unknown> = Promise.resolve();
  const tokens = new Map<string, { request: string; answer: TransactionAnswer; at: number }>();
  return async (requestBody: string): Promise<TransactionAnswer> => {
    const parsed = parseRequest(requestBody);
    if ('answer' in parsed) return parsed.answer;
    const request = parsed.ok;
    const token = typeof request.ClientRequestToken === 'string' ? request.ClientRequestToken : '';
    const seen = token ? tokens.get(token) : undefined;
    if (seen && Date.now() - seen.at < TOKEN_TTL_MS) {
      return seen.request === requestBody
        ? seen.answer
        : error(
            'IdempotentParameterMismatchException',
            'The request uses the same client token as a previous, but non-identical request.',
          );
    }
    // One transaction at a time: each waits for the one before it, whatever that one's outcome.
    const run = queue.then(() => transact(store, request.TransactItems as unknown[]));
    queue = run.catch(() => undefined);
    const answer = await run;
    if (token && answer.status === 200) remember(tokens, token, requestBody, answer);
    return answer;
  };
}

function remember(
  tokens: Map<string, { request: string; answer: TransactionAnswer; at: number }>,
  token: string,
  request: string,
  answer: TransactionAnswer,
): void {
  if (tokens.size >= MAX_TOKENS) {
    const oldest = tokens.keys().next().value;
    if (oldest !== undefined) tokens.delete(oldest);
  }
  tokens.set(token, { request, answer, at: Date.now() });
}

function error(
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
): TransactionAnswer {
  return { status: 400, body: { __type: `${TYPE_PREFIX}${type}`, message, ...extra } };
}

function validationError(message: string): TransactionAnswer {
  return {
    status: 400,
    body: { __type: 'com.amazon.coral.validate#ValidationException', message },
  };
}

function parseRequest(
  body: string,
): { ok: Record<string, unknown> } | { answer: TransactionAnswer } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {
      answer: { status: 400, body: { __type: 'com.amazon.coral.service#SerializationException' } },
    };
  }
  const items = (parsed as { TransactItems?: unknown } | null)?.TransactItems;
  if (!Array.isArray(items)) {
    return {
      answer: validationError(
        "1 validation error detected: Value null at 'transactItems' failed to satisfy " +
          'constraint: Member must not be null',
      ),
    };
  }
  if (items.length < 1 || items.length > MAX_ITEMS) {
    return {
      answer: validationError(
        `1 validation error detected: Value '${items.length}' at 'transactItems' failed to ` +
          `satisfy constraint: Member must have length less than or equal to ${MAX_ITEMS} and ` +
          'greater than or equal to 1',
      ),
    };
  }
  return { ok: parsed as Record<string, unknown> };
}

/** Validates one element with dynalite's validation of the matching single-item action. */
function validateElement(raw: unknown, store: DynaliteStore): Element {
  const { validations, validationOf, db } = dynaliteModules();
  const entry = (raw ?? {}) as Partial<Record<Kind, Record<string, unknown>>>;
  const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter(
    (kind) => entry[kind],
  );
  const kind = kinds[0];
  if (kinds.length !== 1 || kind === undefined) {
    throw db.validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  }
  const request = { ...(entry[kind] as Record<string, unknown>) };
  const returnOldOnFailure = request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
  if (kind === 'ConditionCheck' && typeof request.ConditionExpression !== 'string') {
    throw db.validationError(
      "1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null",
    );
  }
  const action = kind === 'Put' ? 'putItem' : kind === 'Update' ? 'updateItem' : 'deleteItem';
  const validation = validationOf(action);
  const data = validations.checkTypes(request, validation.types);
  validations.checkValidations(data, validation.types, validation.custom, store);
  return { kind, data, returnOldOnFailure };
}

const promised = <T>(
  start: (callback: (error?: DynaliteError | null, value?: T) => void) => void,
) =>
  new Promise<T>((resolve, reject) => {
    start((failure, value) => (failure ? reject(failure) : resolve(value as T)));
  });

async function transact(store: DynaliteStore, rawItems: unknown[]): Promise<TransactionAnswer> {
  let elements: Element[];
  try {
    elements = rawItems.map((raw) => validateElement(raw, store));
  } catch (failure) {
    return answerOf(failure);
  }
  const { db } = dynaliteModules();
  const tables = new Map<string, TableDescription>();
  const keys: { table: string; key: string }[] = [];
  try {
    for (const element of elements) {
      const name = String(element.data.TableName);
      const table =
        tables.get(name) ??
        (await promised<TableDescription>((done) => store.getTable(name, done)));
      tables.set(name, table);
      const key = db.createKey((element.data.Item ?? element.data.Key) as AttributeMap, table);
      if (keys.some((seen) => seen.table === name && seen.key === key)) {
        return validationError(
          'Transaction request cannot include multiple operations on one item',
        );
      }
      keys.push({ table: name, key });
    }
  } catch (failure) {
    return answerOf(failure);
  }
  const release = await lockAll(store, keys);
  try {
    return await writeOrCancel(store, elements, keys);
  } finally {
    release();
  }
}

/** Takes dynalite's locks on every key, table by table (transactions run one at a time). */
async function lockAll(
  store: DynaliteStore,
  keys: readonly { table: string; key: string }[],
): Promise<() => void> {
  const releases: (() => void)[] = [];
  for (const table of new Set(keys.map((entry) => entry.table))) {
    const tableKeys = keys.filter((entry) => entry.table === table).map((entry) => entry.key);
    releases.push(
      await new Promise<() => void>((resolve) => {
        store.getItemDb(table).lock(tableKeys, (release) => resolve(release(() => undefined)));
      }),
    );
  }
  return () => {
    for (const release of releases) release();
  };
}

/** Runs every element against a recording store; writes the batch if none was cancelled. */
async function writeOrCancel(
  store: DynaliteStore,
  elements: readonly Element[],
  keys: readonly { table: string; key: string }[],
): Promise<TransactionAnswer> {
  const operations: BatchOperation[] = [];
  const reasons: CancellationReason[] = [];
  for (const [index, element] of elements.entries()) {
    const location = keys[index] as { table: string; key: string };
    reasons.push(await runElement(store, element, location, operations));
  }
  if (reasons.some((reason) => reason.Code !== 'None')) {
    return error(
      'TransactionCanceledException',
      `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
        .map((reason) => reason.Code)
        .join(', ')}]`,
      { CancellationReasons: reasons },
    );
  }
  await promised((done) => store.db.batch(operations, done));
  return { status: 200, body: {} };
}

async function runElement(
  store: DynaliteStore,
  element: Element,
  location: { table: string; key: string },
  operations: BatchOperation[],
): Promise<CancellationReason> {
  const { db, actions } = dynaliteModules();
  const itemDb = store.getItemDb(location.table);
  try {
    if (element.kind === 'ConditionCheck') {
      const existing = await readItem(itemDb, location.key);
      const failed = db.checkConditional(element.data, existing);
      if (failed) throw failed;
      return { Code: 'None' };
    }
    const action: WriteAction =
      element.kind === 'Put'
        ? actions.putItem
        : element.kind === 'Update'
          ? actions.updateItem
          : actions.deleteItem;
    const recorded: BatchOperation[] = [];
    await promised((done) => action(recordingStore(store, recorded), element.data, done));
    operations.push(...recorded);
    return { Code: 'None' };
  } catch (failure) {
    return reasonOf(failure as DynaliteError, element, await readItem(itemDb, location.key));
  }
}

function reasonOf(
  failure: DynaliteError,
  element: Element,
  existing: AttributeMap | undefined,
): CancellationReason {
  const type = failure.body?.__type ?? '';
  if (type.endsWith('#ConditionalCheckFailedException')) {
    return {
      Code: 'ConditionalCheckFailed',
      Message: 'The conditional request failed',
      ...(element.returnOldOnFailure && existing ? { Item: existing } : {}),
    };
  }
  if (failure.statusCode === 400) {
    return { Code: 'ValidationError', Message: failure.body?.message ?? failure.message };
  }
  throw failure;
}

async function readItem(itemDb: SubDb, key: string): Promise<AttributeMap | undefined> {
  try {
    return await promised<AttributeMap>((done) => itemDb.get(key, done));
  } catch (failure) {
    if ((failure as Error).name === 'NotFoundError') return undefined;
    throw failure;
  }
}

/**
 * dynalite's store as its actions see it, except that writes are recorded (with the keys the
 * real sub-databases would give them) instead of made, and locks are free: the transaction
 * holds the real ones.
 */
function recordingStore(store: DynaliteStore, recorded: BatchOperation[]): DynaliteStore {
  const recordingDb = (real: SubDb, prefix: string): SubDb => ({
    get: (key, callback) => real.get(key, callback),
    put: (key, value, callback) => {
      recorded.push({ type: 'put', key: `${prefix}${key}`, value });
      setImmediate(() => callback(null));
    },
    del: (key, callback) => {
      recorded.push({ type: 'del', key: `${prefix}${key}` });
      setImmediate(() => callback(null));
    },
    lock: (_keys, exec) => exec((done) => done),
  });
  return {
    options: store.options,
    db: store.db,
    getTable: (name, callback) => store.getTable(name, callback),
    getItemDb: (table) => recordingDb(store.getItemDb(table), SUBDB_PREFIX.item(table)),
    getIndexDb: (type, table, index) =>
      recordingDb(store.getIndexDb(type, table, index), SUBDB_PREFIX.index(type, table, index)),
  };
}

/** A failure before any element ran: dynalite's own error answer, or rethrown. */
function answerOf(failure: unknown): TransactionAnswer {
  const known = failure as DynaliteError;
  if (known.statusCode && known.body) return { status: known.statusCode, body: known.body };
  throw failure;
}
