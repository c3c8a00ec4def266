/**
 * The parts of dynalite 4.0.0 that the local store's TransactWriteItems (dynalite-transactions.ts)
 * reuses, typed: its store object (the LevelDB database, the per-table item and index
 * sub-databases with their per-key locks), its request validations and its single-item write
 * actions. They are loaded from dynalite's own folder, so they are the very module instances the
 * running dynalite uses (one CommonJS cache); `captureStore` catches the store a dynalite server
 * creates, which dynalite keeps inside its request handler.
 */
import { createRequire } from 'node:module';

/** DynamoDB JSON (`{S: 'x'}`, `{N: '1'}`, `{M: {...}}`, ...), as dynalite keeps items. */
export type AttributeMap = Record<string, Record<string, unknown>>;

/** The error dynalite answers a request with: its HTTP status and the JSON body. */
export interface DynaliteError extends Error {
  statusCode?: number;
  body?: { __type: string; message?: string };
}

type Callback<T = unknown> = (error: DynaliteError | null | undefined, value?: T) => void;

/** A per-key lock (the `lock` package): `exec` runs once every key is held. */
export type KeyLock = (
  keys: string | string[],
  exec: (release: <F extends (...args: never[]) => void>(done: F) => F) => void,
) => void;

/** One of dynalite's prefixed sub-databases of the one LevelDB database. */
export interface SubDb {
  get(key: string, callback: Callback<AttributeMap>): void;
  put(key: string, value: AttributeMap, callback: Callback): void;
  del(key: string, callback: Callback): void;
  lock: KeyLock;
}

/** A table description as dynalite stores it (key schema, indexes). */
export interface TableDescription {
  TableName: string;
  KeySchema: { AttributeName: string; KeyType: string }[];
}

/** A write of the batch a transaction applies at once to the LevelDB database. */
export type BatchOperation =
  | { type: 'put'; key: string; value: AttributeMap }
  | { type: 'del'; key: string };

/** dynalite's store: what its actions are handed. */
export interface DynaliteStore {
  options: { maxItemSize: number };
  db: { batch(operations: BatchOperation[], callback: Callback): void };
  getTable(name: string, callback: Callback<TableDescription>): void;
  getItemDb(tableName: string): SubDb;
  getIndexDb(indexType: string, tableName: string, indexName: string): SubDb;
}

/** A request as dynalite's validations leave it (parsed expressions added as `_condition`...). */
export type ActionData = Record<string, unknown>;

/** One of dynalite's single-item write actions (PutItem, UpdateItem, DeleteItem). */
export type WriteAction = (store: DynaliteStore, data: ActionData, callback: Callback) => void;

interface Validation {
  types: Record<string, unknown>;
  custom?: (data: ActionData, store: DynaliteStore) => string | undefined;
}

interface DbModule {
  create(options: unknown): DynaliteStore;
  createKey(item: AttributeMap, table: TableDescription): string;
  checkConditional(data: ActionData, existing: AttributeMap | undefined): DynaliteError | null;
  validationError(message: string): DynaliteError;
}

interface ValidationsModule {
  checkTypes(data: ActionData, types: Record<string, unknown>): ActionData;
  checkValidations(
    data: ActionData,
    types: Record<string, unknown>,
    custom: Validation['custom'],
    store: DynaliteStore,
  ): void;
}

const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));

/** dynalite's modules, loaded on first use (nothing is loaded when this file is imported). */
export function dynaliteModules() {
  return {
    db: fromDynalite('./db') as DbModule,
    validations: fromDynalite('./validations') as ValidationsModule,
    validationOf: (action: 'putItem' | 'updateItem' | 'deleteItem') =>
      fromDynalite(`./validations/${action}`) as Validation,
    actions: {
      putItem: fromDynalite('./actions/putItem') as WriteAction,
      updateItem: fromDynalite('./actions/updateItem') as WriteAction,
      deleteItem: fromDynalite('./actions/deleteItem') as WriteAction,
    },
  };
}

/**
 * Runs `start` (which creates one dynalite server) and returns what it returned with the store
 * that server created: dynalite calls its db module's `create` once per server, and the call is
 * intercepted for that moment only.
 */
export function captureStore<T>(start: () => T): { result: T; store: DynaliteStore } {
  const db = dynaliteModules().db;
  const original = db.create;
  let store: DynaliteStore | undefined;
  db.create = (options) => {
    store = original(options);
    return store;
  };
  try {
    const result = start();
    if (!store) throw new Error('dynalite created no store: its db module changed');
    return { result, store };
  } finally {
    db.create = original;
  }
}

/** The sub-database prefixes of dynalite's store (`getSubDb`): `<name>~` before every key. */
export const SUBDB_PREFIX = {
  item: (tableName: string) => `item-${tableName}~`,
  index: (indexType: string, tableName: string, indexName: string) =>
    `index-${indexType.toLowerCase()}~${tableName}~${indexName}~`,
} as const;
