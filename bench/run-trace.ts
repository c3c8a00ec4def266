/**
 * Where a monitor run's wall time goes (`npm run bench:run -- --trace`), by counting rather than
 * by timing alone, so that the figures mean something on a shared machine: the state machine's
 * phases (from the engine's transition log), the Lambda invocations of each step and their
 * summed duration, every provider call's start and end (from the simulator), the lanes' idle
 * time between calls (a family's lane-seconds minus its call-seconds), the store round trips per
 * provider call, and the process's CPU time and event-loop use over the run.
 */

import { performance } from 'node:perf_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { observeInvocations } from '#local/lambda-runtime';
import type { SimulatorLogEntry } from '#local/simulator/server';
import { observeStateTransitions } from '#local/workflows/engine';

interface CallSpan {
  family: string;
  startedAt: number;
  endedAt: number;
}

/** The phases a run passes through, by the state whose first entry opens each (also bench/fleet.ts). */
export const RUN_PHASES = [
  'PrepareRun',
  'AskFamilies',
  'PlanJudging',
  'JudgeFamilies',
  'ScanCitedSites',
  'AggregateRun',
] as const;

export interface RunTrace {
  wrapStoreClient(client: DynamoDBClient): DynamoDBClient;
  onRequest(entry: SimulatorLogEntry): void;
  /** Starts counting (the run is requested now). */
  begin(): void;
  /** The report lines once the run has ended at `endedAt` (epoch ms). */
  report(endedAt: number, concurrency: Readonly<Record<string, number>>): string[];
  close(): void;
}

/** Each state's first entry and entry count, and each function's invocations, as they happen. */
function observeEngine() {
  const firstEntry = new Map<string, number>();
  const entries = new Map<string, number>();
  const invocations = new Map<string, { count: number; ms: number }>();
  observeStateTransitions((_workflow, event) => {
    if (event.type !== 'StateEntered') return;
    entries.set(event.state, (entries.get(event.state) ?? 0) + 1);
    if (!firstEntry.has(event.state)) firstEntry.set(event.state, event.timestamp);
  });
  observeInvocations((invocation) => {
    const name = invocation.functionName;
    return (durationMs) => {
      const tally = invocations.get(name) ?? { count: 0, ms: 0 };
      tally.count += 1;
      tally.ms += durationMs;
      invocations.set(name, tally);
    };
  });
  return { firstEntry, entries, invocations };
}

export function createRunTrace(): RunTrace {
  const storeCalls = new Map<string, number>();
  const { firstEntry, entries, invocations } = observeEngine();
  const calls: CallSpan[] = [];
  let startedAt = 0;
  let cpu = process.cpuUsage();
  let loop = performance.eventLoopUtilization();
  return {
    wrapStoreClient(client) {
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const name = context.commandName ?? 'unknown';
          storeCalls.set(name, (storeCalls.get(name) ?? 0) + 1);
          return next(args);
        },
        { step: 'initialize', name: 'runTraceCounter' },
      );
      return client;
    },
    onRequest(entry) {
      if (entry.family && startedAt > 0) {
        calls.push({ family: entry.family, startedAt: entry.startedAt, endedAt: entry.endedAt });
      }
    },
    begin() {
      startedAt = Date.now();
      storeCalls.clear();
      cpu = process.cpuUsage();
      loop = performance.eventLoopUtilization();
    },
    report(endedAt, concurrency) {
      const cpuUsed = process.cpuUsage(cpu);
      const loopUsed = performance.eventLoopUtilization(loop);
      const judgingAt = firstEntry.get('PlanJudging') ?? endedAt;
      return [
        ...phaseLines(firstEntry, startedAt, endedAt),
        ...laneLines(calls, concurrency, judgingAt),
        ...invocationLines(invocations, entries),
        storeLine(storeCalls, calls.length),
        `  cpu:              ${((cpuUsed.user + cpuUsed.system) / 1e6).toFixed(1)} s of CPU over ${((endedAt - startedAt) / 1000).toFixed(1)} s wall; event loop busy ${(100 * loopUsed.utilization).toFixed(0)} % of the time`,
      ];
    },
    close() {
      observeStateTransitions(undefined);
      observeInvocations(undefined);
    },
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Each phase from its first state entry to the next phase's (the last to the run's end). */
function phaseLines(first: Map<string, number>, startedAt: number, endedAt: number): string[] {
  const marks = RUN_PHASES.flatMap((state) => {
    const at = first.get(state);
    return at === undefined ? [] : [{ state, at }];
  });
  const lines = [
    `  trace, phases:    request to PrepareRun ${seconds((marks[0]?.at ?? endedAt) - startedAt)}`,
  ];
  for (const [index, mark] of marks.entries()) {
    const until = marks[index + 1]?.at ?? endedAt;
    lines.push(`                    ${mark.state.padEnd(15)} ${seconds(until - mark.at)}`);
  }
  return lines;
}

/**
 * Per family and phase: the calls, their summed time, and the lanes' idle time (lane-seconds the
 * family's concurrency offered from its first call to its last, minus the seconds calls took).
 */
function laneLines(
  calls: readonly CallSpan[],
  concurrency: Readonly<Record<string, number>>,
  judgingAt: number,
): string[] {
  const lines = [
    '  trace, lanes:     family/phase: calls, window, call-seconds, idle lane-seconds (per call)',
  ];
  const families = [...new Set(calls.map((call) => call.family))].sort();
  for (const family of families) {
    for (const phase of ['ask', 'judge'] as const) {
      const mine = calls.filter(
        (call) =>
          call.family === family &&
          (phase === 'ask' ? call.startedAt < judgingAt : call.startedAt >= judgingAt),
      );
      if (mine.length === 0) continue;
      const from = Math.min(...mine.map((call) => call.startedAt));
      const to = Math.max(...mine.map((call) => call.endedAt));
      const busy = mine.reduce((sum, call) => sum + (call.endedAt - call.startedAt), 0);
      const lanes = concurrency[family] ?? 1;
      const idle = lanes * (to - from) - busy;
      lines.push(
        `                    ${`${family}/${phase}`.padEnd(17)} ${String(mine.length).padStart(4)} calls, ${seconds(to - from)}, ${seconds(busy)}, idle ${seconds(idle)} (${(idle / mine.length).toFixed(0)} ms)`,
      );
    }
  }
  return lines;
}

function invocationLines(
  invocations: Map<string, { count: number; ms: number }>,
  entries: Map<string, number>,
): string[] {
  const tasks = [...invocations]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, tally]) => `${name} ${tally.count} x ${(tally.ms / tally.count).toFixed(0)} ms`);
  const transitions = [...entries.values()].reduce((sum, n) => sum + n, 0);
  return [
    `  trace, tasks:     ${tasks.join('; ')}`,
    `  trace, states:    ${transitions} states entered`,
  ];
}

function storeLine(storeCalls: Map<string, number>, providerCalls: number): string {
  const total = [...storeCalls.values()].reduce((sum, n) => sum + n, 0);
  const byCommand = [...storeCalls]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name.replace(/Command$/, '')} ${n}`)
    .join(', ');
  return `  trace, store:     ${total} round trips (${(total / Math.max(1, providerCalls)).toFixed(2)} per provider call): ${byCommand}`;
}
