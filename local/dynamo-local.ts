/**
 * The local DynamoDB: dynalite in process with the table CDK declares, on disk under DATA_DIR or
 * in memory for tests, plus the one action dynalite lacks that the service uses,
 * TransactWriteItems (dynalite-transactions.ts), answered before dynalite sees the request.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { BUDGET_TABLE_KEY } from '#shared/adapters/dynamodb/provider-budget';
import { TABLE_INDEXES, TABLE_KEYS } from '#shared/adapters/dynamodb/table';
import { captureStore } from './dynalite-internals.ts';
import { closeFinishedIterators } from './dynalite-iterators.ts';
import { createTransactionHandler, type TransactionAnswer } from './dynalite-transactions.ts';

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * dynalite in process: DynamoDB's semantics (conditional writes, GSIs, validation) without a JVM
 * or Docker. `dataDir` keeps the data on disk across restarts; `null` keeps it in memory (tests).
 */
export async function startDynalite(dataDir: string | null, port = 0): Promise<LocalDynamo> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  closeFinishedIterators();
  const { result: server, store } = captureStore(
    (): Server =>
      dynalite({
        ...(dataDir ? { path: dataDir } : {}),
        createTableMs: 0,
        deleteTableMs: 0,
        updateTableMs: 0,
      }),
  );
  const gate = gateRequests(server, createTransactionHandler(store));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${boundPort}`,
    async close() {
      // A task cut off by a stop may still be talking to the store. Requests that arrive from
      // now on are refused like an unavailable DynamoDB, the ones in flight finish, and only
      // then does dynalite close its database: a write that reached a closed database would
      // surface as an unhandled rejection inside dynalite instead of an error to its caller.
      await gate.refuseAndDrain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    },
  };
}

const DRAIN_LIMIT_MS = 5_000;

const TRANSACT_WRITE_TARGET = 'DynamoDB_20120810.TransactWriteItems';

/** Sends a JSON answer the way DynamoDB does (its media type, request id and CRC32 header). */
function sendAnswer(response: ServerResponse, answer: TransactionAnswer): void {
  const body = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-requestid': randomUUID(),
    'x-amz-crc32': String(crc32(body)),
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** Reads a TransactWriteItems request and answers it with the transaction handler. */
function answerTransaction(
  request: IncomingMessage,
  response: ServerResponse,
  transact: (body: string) => Promise<TransactionAnswer>,
): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    transact(Buffer.concat(chunks).toString('utf8')).then(
      (answer) => sendAnswer(response, answer),
      (failure: unknown) =>
        sendAnswer(response, {
          status: 500,
          body: { __type: 'InternalServerError', message: String(failure) },
        }),
    );
  });
}

/**
 * Wraps dynalite's request handler so a stop can refuse new requests and wait for the rest, and
 * so that TransactWriteItems is answered here.
 */
function gateRequests(
  server: Server,
  transact: (body: string) => Promise<TransactionAnswer>,
): { refuseAndDrain(): Promise<void> } {
  const handlers = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  let refusing = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (refusing) {
      response.writeHead(503, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ __type: 'ServiceUnavailable', message: 'stopping' }));
      return;
    }
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
    if (request.headers['x-amz-target'] === TRANSACT_WRITE_TARGET) {
      answerTransaction(request, response, transact);
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
  });
  return {
    refuseAndDrain() {
      refusing = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, DRAIN_LIMIT_MS);
        drained = () => {
          clearTimeout(limit);
          resolve();
        };
      });
    },
  };
}

/** A plain client for the local emulator, which accepts any credentials. */
export function createLocalDynamoClient(
  endpoint: string,
  options: { region?: string; fastFail?: boolean } = {},
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: options.region ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(options.fastFail
      ? { maxAttempts: 1, requestHandler: { connectionTimeout: 500, requestTimeout: 2000 } }
      : {}),
  });
}

/** Creates the single table (same shape as CDK's) unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of TABLE_INDEXES) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilActive(client, tableName);
}

/** Creates the provider budget's table (one key, as CDK's) unless it exists. */
export async function ensureBudgetTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: BUDGET_TABLE_KEY, AttributeType: 'S' }],
      KeySchema: [{ AttributeName: BUDGET_TABLE_KEY, KeyType: 'HASH' }],
    }),
  );
  await waitUntilActive(client, tableName);
}

/** A new table answers "not found" until it is ACTIVE, even in dynalite (briefly). */
async function waitUntilActive(client: DynamoDBClient, tableName: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Table ${tableName} did not become ACTIVE`);
}
