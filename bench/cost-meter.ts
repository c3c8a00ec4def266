/**
 * What the cost benchmark (bench/cost-counts.ts) counts while the local stack serves an
 * operation: every Lambda invocation with its duration and its function's memory (GB-seconds),
 * the DynamoDB capacity units every store call consumed (dynalite computes them, as DynamoDB
 * does, when a call asks for them; a write of an item carrying an index key is counted again per
 * index, as DynamoDB bills index writes), the Step Functions state transitions (each state
 * entered or retried), the bytes written to standard output (JSON logs and EMF lines, what
 * CloudWatch Logs ingests), and the invocations that start a trace or read a queue.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HTTP_FUNCTIONS } from '#infra/routes';
import { queueSpecs, taskFunctionSpecs } from '#infra/workflows';
import { type LocalInvocation, observeInvocations } from '#local/lambda-runtime';
import { observeStateTransitions } from '#local/workflows/engine';
import { MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';

/** The figures of one measured operation. */
export interface Tally {
  invocations: number;
  gb_seconds: number;
  read_units: number;
  write_units: number;
  transitions: number;
  log_bytes: number;
  /** Invocations by an SQS event source: each one a receive and a delete besides its send. */
  queue_invocations: number;
  /** Invocations no other invocation made and no state machine ran: each starts a trace. */
  trace_starts: number;
}

const emptyTally = (): Tally => ({
  invocations: 0,
  gb_seconds: 0,
  read_units: 0,
  write_units: 0,
  transitions: 0,
  log_bytes: 0,
  queue_invocations: 0,
  trace_starts: 0,
});

/** Each handler module's memory, as infra configures its function (MB). */
function memoryByModule(): Map<string, number> {
  const memory = new Map<string, number>([[MCP_HANDLER, 512]]);
  for (const spec of HTTP_FUNCTIONS) memory.set(spec.entry, spec.tuning.memorySize);
  for (const spec of taskFunctionSpecs()) memory.set(spec.task.handler, spec.task.memorySize);
  for (const queue of queueSpecs()) memory.set(queue.handler, queue.memorySize);
  for (const schedule of SCHEDULES) memory.set(schedule.handler, schedule.memorySize);
  return memory;
}

const INDEX_KEYS = ['gsi1pk', 'gsi2pk'];

/** Indexes a write touches: the index key attributes its item or update expression names. */
function indexesWritten(input: Record<string, unknown>): number {
  const text = JSON.stringify(input.Item ?? input.UpdateExpression ?? input.RequestItems ?? '');
  return INDEX_KEYS.filter((key) => text.includes(key)).length;
}

interface Capacity {
  CapacityUnits?: number;
}

function unitsOf(consumed: Capacity | Capacity[] | undefined): number {
  const all = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return all.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand']);

/** Asks every call of `client` for the capacity it consumed, and adds it to the tally. */
function countCapacity(client: DynamoDBClient, tally: () => Tally): DynamoDBClient {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const units = unitsOf((result.output as { ConsumedCapacity?: Capacity }).ConsumedCapacity);
      if (READS.has(context.commandName ?? '')) tally().read_units += units;
      else tally().write_units += units * (1 + indexesWritten(input));
      return result;
    },
    { step: 'initialize', name: 'countCapacityUnits' },
  );
  return client;
}

export interface Meter {
  /** Wraps the store client of the stack's wiring (LocalStackOptions.wrapStoreClient). */
  wrapStoreClient(client: DynamoDBClient): DynamoDBClient;
  /** Starts a fresh tally. */
  begin(): void;
  /** Waits until nothing runs any more, then answers the tally since `begin`. */
  end(idle: () => boolean): Promise<Tally>;
  /** Writes to standard output past the count (the benchmark's own report). */
  print(text: string): void;
  /** Stops observing and gives standard output back. */
  close(): void;
}

/** Starts counting; standard output is counted and swallowed until `close`. */
export function startMeter(): Meter {
  let tally = emptyTally();
  let inFlight = 0;
  const memory = memoryByModule();
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    tally.log_bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    return true;
  }) as typeof process.stdout.write;
  observeInvocations((invocation: LocalInvocation, caller) => {
    inFlight += 1;
    tally.invocations += 1;
    if (invocation.invoker?.kind === 'queue') tally.queue_invocations += 1;
    if (!caller && invocation.invoker?.kind !== 'state-machine') tally.trace_starts += 1;
    return (durationMs) => {
      inFlight -= 1;
      const megabytes = memory.get(invocation.module) ?? 512;
      tally.gb_seconds += (Math.ceil(durationMs) / 1000) * (megabytes / 1024);
    };
  });
  observeStateTransitions(() => {
    tally.transitions += 1;
  });
  return {
    wrapStoreClient: (client) => countCapacity(client, () => tally),
    begin() {
      tally = emptyTally();
    },
    async end(idle) {
      // Quiet for half a second: no invocation running and nothing else left to start one.
      for (let quiet = 0; quiet < 10; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        quiet = inFlight === 0 && idle() ? quiet + 1 : 0;
      }
      return { ...tally };
    },
    print(text) {
      write(`${text}\n`);
    },
    close() {
      observeInvocations(undefined);
      observeStateTransitions(undefined);
      process.stdout.write = write;
    },
  };
}
