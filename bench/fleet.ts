/**
 * Fleet day (issue 34): N cases of M accounts, started by the monthly schedule's workflow (the
 * cases a page at a time), against the provider simulator,
 * whose every family allows R requests a minute to the service's API key (per-account quotas,
 * answering each family's real 429), through the real local stack with PROVIDER_RATE_LIMITS set
 * to R, as an operator sets it to the tier. Prints the makespan against the quota bound (served
 * calls / rate, the busiest family), 429s per family as a share of calls, the runs that counted
 * every family, each account's finish time, and the budget's store operations per provider call.
 *
 *   npm run bench:fleet -- --cases 100 --accounts 5 --rpm 180
 *   npm run bench:fleet -- --cases 20 --accounts 3 --rpm 120 --latency-ms 300 --prompts-per-block 2
 */
import { parseArgs } from 'node:util';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type SimulatorLogEntry, startSimulator } from '#local/simulator/server';
import { type LocalStack, startLocalStack } from '#local/stack';
import { observeStateTransitions } from '#local/workflows/engine';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { PROVIDER_ENV } from '#shared/adapters/providers/config';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { startMonthlySchedule } from '#shared/domain/monitor/schedule';
import { allCaseProfiles } from '#shared/wiring/monitor';
import { fleetReport, type RunEnd, smallestAccount } from './fleet-report.ts';
import { createFleetAccounts, createFleetCases, type FleetAccount } from './fleet-setup.ts';
import { RUN_PHASES } from './run-trace.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100' },
    accounts: { type: 'string', default: '5' },
    rpm: { type: 'string', default: '180' },
    'latency-ms': { type: 'string', default: '300' },
    'prompts-per-block': { type: 'string', default: '2' },
    repeats: { type: 'string', default: '1' },
  },
});
const cases = Number(values.cases);
const accounts = Number(values.accounts);
const rpm = Number(values.rpm);
const latencyMs = Number(values['latency-ms']);
if (![cases, accounts, rpm, latencyMs].every((n) => Number.isFinite(n) && n >= 0) || accounts < 1) {
  throw new Error('--cases, --accounts, --rpm and --latency-ms take numbers (accounts at least 1)');
}

/** The kind of a budget-table request, from its command and update expression. */
function operationKind(command: string, input: { UpdateExpression?: string }): string {
  if (command === 'GetCommand' || command === 'GetItemCommand') return 'read';
  const update = input.UpdateExpression ?? '';
  if (update.includes('cut_rpm') || update.includes(':hold')) return 'cut';
  if (update.includes('ann_')) return 'announce';
  if (update.includes('#next')) return 'take';
  if (update.includes('#r')) return 'register';
  if (update.includes('#g')) return 'withdraw';
  return command;
}

/**
 * Counts the budget table's operations (every DynamoDB request naming it), in all and by kind,
 * a refused conditional write counted as `<kind> refused` (it costs a write all the same).
 */
function budgetCounter(tableName: string) {
  const counter = { operations: 0, byKind: new Map<string, number>() };
  const add = (kind: string) => counter.byKind.set(kind, (counter.byKind.get(kind) ?? 0) + 1);
  const wrap = (client: DynamoDBClient): DynamoDBClient => {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { TableName?: string; UpdateExpression?: string };
        if (input.TableName !== tableName) return next(args);
        counter.operations += 1;
        const kind = operationKind(String(context.commandName), input);
        try {
          const result = await next(args);
          add(kind);
          return result;
        } catch (error) {
          add(`${kind} refused`);
          throw error;
        }
      },
      { step: 'initialize', name: 'fleetBudgetCounter' },
    );
    return client;
  };
  return { counter, wrap };
}

/**
 * States entered by the fleet's executions, per state name (the cost of waiting, in
 * transitions), and when each execution first entered each state (a run's phases).
 */
function stateCounter() {
  const entered = new Map<string, number>();
  const firstEntered = new Map<string, Map<string, number>>();
  observeStateTransitions((_workflow, event) => {
    if (event.type !== 'StateEntered') return;
    entered.set(event.state, (entered.get(event.state) ?? 0) + 1);
    const states = firstEntered.get(event.execution) ?? new Map<string, number>();
    if (!states.has(event.state)) states.set(event.state, event.timestamp);
    firstEntered.set(event.execution, states);
  });
  return {
    entered,
    firstEntered,
    close: () => observeStateTransitions(undefined),
  };
}

/** When a run entered each of its phases (ms from `started`), in order. */
function phasesOf(
  firstEntered: ReadonlyMap<string, ReadonlyMap<string, number>>,
  runId: string,
  started: number,
): { phase: string; atMs: number }[] {
  const states = firstEntered.get(`monitor-${runId}`);
  return RUN_PHASES.flatMap((phase) => {
    const at = states?.get(phase);
    return at === undefined ? [] : [{ phase, atMs: at - started }];
  });
}

/** The monthly run the schedule started for a case. */
async function monthlyRunOf(stack: LocalStack, caseId: string, account: FleetAccount) {
  const response = await getSoon(`${stack.baseUrl}/api/v1/cases/${caseId}/runs`, account.key);
  const body = (await response.json()) as { runs?: { id: string; kind: string }[] };
  const run = body.runs?.find((candidate) => candidate.kind === 'monthly');
  if (!run) throw new Error(`no monthly run for case ${caseId}: ${JSON.stringify(body)}`);
  return run.id;
}

/** A GET the stack may refuse for a moment under the fleet's load (503, 429): tried again. */
async function getSoon(url: string, key: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    if ((response.status !== 503 && response.status !== 429) || attempt >= 10) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

async function runEnd(stack: LocalStack, caseId: string, runId: string, key: string) {
  const response = await getSoon(`${stack.baseUrl}/api/v1/cases/${caseId}/runs/${runId}`, key);
  const body = (await response.json()) as {
    run: { status: string; error: string | null };
    summary: { sources_meta: { excluded_models?: string[] } } | null;
  };
  return {
    status: body.run.status,
    // `excluded_models` is left out when every family counted.
    excluded: body.summary
      ? (body.summary.sources_meta.excluded_models ?? [])
      : [`(no summary: ${body.run.error})`],
  };
}

/**
 * The stack's EMF metric lines go to standard output as on Lambda; the report is what this
 * benchmark prints there, so the metric lines are left out while it runs.
 */
function quietMetrics(): () => void {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    typeof chunk === 'string' && chunk.startsWith('{"_aws"')
      ? true
      : write(chunk, ...rest)) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}

/** What the simulator saw: per family, served and refused calls, and every request in order. */
function simulatorTally() {
  const calls = new Map<string, { served: number; throttled: number }>();
  const sends: { family: string; at: number; status: number }[] = [];
  return {
    calls,
    sends,
    clear() {
      calls.clear();
      sends.length = 0;
    },
    onRequest(entry: SimulatorLogEntry) {
      if (!entry.family) return;
      sends.push({ family: entry.family, at: entry.startedAt, status: entry.status });
      const tally = calls.get(entry.family) ?? { served: 0, throttled: 0 };
      if (entry.status === 429) tally.throttled += 1;
      else tally.served += 1;
      calls.set(entry.family, tally);
    },
  };
}

/** The stack's variables: every family pointed at the simulator with the service's one key. */
function fleetEnv(simulatorUrl: string): Record<string, string> {
  return {
    LOG_LEVEL: 'SILENT',
    OFFLINE_DNS: '1',
    MONITOR_PROMPTS_PER_BLOCK: values['prompts-per-block'] ?? '2',
    MONITOR_REPEATS: values.repeats ?? '1',
    MONITOR_CANARY_PROMPTS: '1',
    MONITOR_CITED_SCANS: '0',
    PROVIDER_RATE_LIMITS: JSON.stringify(
      Object.fromEntries(PROVIDER_FAMILIES.map((family) => [family, { rpm }])),
    ),
    // One API key per family: the service's provider account every run shares.
    ...Object.fromEntries(
      Object.values(PROVIDER_ENV).flatMap((names) => [
        [names.key, 'fleet-service-account'],
        [names.baseUrl, simulatorUrl],
      ]),
    ),
  };
}

/** The first of the month: the schedule's workflow pages through the cases and starts them. */
async function runFleet(stack: LocalStack, owners: Map<string, FleetAccount>, started: number) {
  const schedule = await startMonthlySchedule(stack.workflows, systemClock);
  const paged = await stack.workflows.waitFor(schedule.execution);
  if (paged.status !== 'SUCCEEDED') throw new Error(`schedule ${paged.status}: ${paged.error}`);
  const runs = await Promise.all(
    [...owners].map(async ([caseId, account]) => ({
      caseId,
      account,
      runId: await monthlyRunOf(stack, caseId, account),
    })),
  );
  return Promise.all(
    runs.map(async (run): Promise<RunEnd> => {
      const execution = await stack.workflows.waitFor(`monitor-${run.runId}`);
      const finishedMs = Date.now() - started;
      const state = await runEnd(stack, run.caseId, run.runId, run.account.key);
      return { ...run, finishedMs, execution: execution.status, ...state };
    }),
  );
}

async function main(): Promise<void> {
  const restoreOutput = quietMetrics();
  const tally = simulatorTally();
  const simulator = await startSimulator({
    seed: 'bench-fleet',
    caseSource: allCaseProfiles,
    quotas: Object.fromEntries(PROVIDER_FAMILIES.map((family) => [family, { rpm }])),
    faults: Object.fromEntries(
      PROVIDER_FAMILIES.map((family) => [family, { kind: 'slow', delayMs: latencyMs }]),
    ),
    onRequest: tally.onRequest,
  });
  const budget = budgetCounter('agent-readiness-budget');
  const states = stateCounter();
  const stack = await startLocalStack({
    dataDir: null,
    env: fleetEnv(simulator.url),
    wrapStoreClient: budget.wrap,
  });
  try {
    const fleet = await createFleetAccounts(cases, accounts);
    const owners = await createFleetCases(stack.baseUrl, fleet);
    tally.clear();
    budget.counter.operations = 0;
    budget.counter.byKind.clear();
    states.entered.clear();
    states.firstEntered.clear();
    const started = Date.now();
    const ends = await runFleet(stack, owners, started);
    const smallestRun = ends.find((end) => end.account === smallestAccount(fleet));
    const { lines, ok } = fleetReport({
      cases,
      rpm,
      latencyMs,
      accounts: fleet,
      ends,
      makespanMs: Date.now() - started,
      calls: tally.calls,
      budgetOperations: budget.counter.operations,
      budgetOperationsByKind: budget.counter.byKind,
      statesEntered: states.entered,
      smallestPhases: smallestRun
        ? phasesOf(states.firstEntered, smallestRun.runId, started)
        : undefined,
      sends: tally.sends.map((send) => ({ ...send, at: send.at - started })),
    });
    console.log(lines.join('\n'));
    if (!ok) process.exitCode = 1;
  } finally {
    states.close();
    await stack.close();
    await simulator.close();
    restoreOutput();
  }
}

await main();
