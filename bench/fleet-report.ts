/**
 * What `npm run bench:fleet` prints (bench/fleet.ts), with the targets of issue 34: makespan at
 * most 1.2 x the quota bound, 429s at most 2 % of calls, every run whole, the smallest account's
 * run in the first half of finishes, the budget's store operations at most 0.3 per provider call.
 */
import type { FleetAccount } from './fleet-setup.ts';

export interface RunEnd {
  caseId: string;
  runId: string;
  account: FleetAccount;
  finishedMs: number;
  execution: string;
  status: string;
  excluded: string[];
}

export interface FleetFigures {
  cases: number;
  rpm: number;
  latencyMs: number;
  accounts: readonly FleetAccount[];
  ends: readonly RunEnd[];
  makespanMs: number;
  /** Per family: calls the simulator answered and calls it refused with 429. */
  calls: ReadonlyMap<string, { served: number; throttled: number }>;
  budgetOperations: number;
  /** The same operations by kind (register, take, read, withdraw, cut, announce; refused ones apart). */
  budgetOperationsByKind?: ReadonlyMap<string, number> | undefined;
  /** When the smallest account's run entered each of its phases (ms into the fleet). */
  smallestPhases?: readonly { phase: string; atMs: number }[] | undefined;
  /** States the fleet's executions entered, per state name. */
  statesEntered: ReadonlyMap<string, number>;
  /** Every request the simulator saw: family, when it arrived (ms into the run), status. */
  sends: readonly { family: string; at: number; status: number }[];
}

const TARGETS = { makespan: 1.2, throttled: 0.02, storePerCall: 0.3 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (part: number, whole: number) =>
  `${whole === 0 ? '0.00' : ((100 * part) / whole).toFixed(2)} %`;

/** The account with the fewest cases (the first of them on a tie). */
export function smallestAccount(accounts: readonly FleetAccount[]): FleetAccount {
  return accounts.reduce((a, b) => (b.cases < a.cases ? b : a));
}

export function fleetReport(figures: FleetFigures): { lines: string[]; ok: boolean } {
  const families = [...figures.calls].sort((a, b) => b[1].served - a[1].served);
  const [busiest, busiestCalls] = families[0] ?? ['none', { served: 0, throttled: 0 }];
  const boundMs = (busiestCalls.served / figures.rpm) * 60_000;
  const ratio = boundMs > 0 ? figures.makespanMs / boundMs : Number.POSITIVE_INFINITY;
  const served = families.reduce((sum, [, c]) => sum + c.served, 0);
  const throttled = families.reduce((sum, [, c]) => sum + c.throttled, 0);
  const sent = served + throttled;
  const whole = figures.ends.filter(
    (end) => end.status === 'done' && end.excluded.length === 0,
  ).length;
  const order = [...figures.ends].sort((a, b) => a.finishedMs - b.finishedMs);
  const smallest = smallestAccount(figures.accounts);
  const smallestRank = order.findIndex((end) => end.account === smallest) + 1;
  const perCall = sent > 0 ? figures.budgetOperations / sent : 0;
  const checks = {
    makespan: ratio <= TARGETS.makespan,
    throttled: sent > 0 && throttled / sent <= TARGETS.throttled,
    whole: whole === figures.ends.length,
    smallest: smallestRank > 0 && smallestRank <= Math.ceil(figures.ends.length / 2),
    store: perCall <= TARGETS.storePerCall,
  };
  const mark = (ok: boolean) => (ok ? 'OK' : 'OVER TARGET');
  const lines = [
    `fleet: ${figures.cases} cases of ${figures.accounts.length} accounts (${figures.accounts.map((a) => a.cases).join(', ')} cases), ${figures.rpm} requests a minute per family for the service's key (simulator quotas, PROVIDER_RATE_LIMITS alike), ${figures.latencyMs} ms per call`,
    `  makespan:         ${seconds(figures.makespanMs)} against a quota bound of ${seconds(boundMs)} (busiest family ${busiest}: ${busiestCalls.served} served calls / ${figures.rpm} a minute): ${ratio.toFixed(3)} x (target <= ${TARGETS.makespan}) ${mark(checks.makespan)}`,
    `  429s:             ${families.map(([family, c]) => `${family} ${c.throttled} of ${c.served + c.throttled} (${percent(c.throttled, c.served + c.throttled)})`).join(', ')}; all ${percent(throttled, sent)} (target <= ${100 * TARGETS.throttled} %) ${mark(checks.throttled)}`,
    `  runs whole:       ${whole} of ${figures.ends.length} done with every family counted ${mark(checks.whole)}${whole < figures.ends.length ? `; not whole: ${JSON.stringify(figures.ends.filter((e) => e.status !== 'done' || e.excluded.length > 0).map((e) => ({ status: e.status, execution: e.execution, excluded: e.excluded })))}` : ''}`,
    ...figures.accounts.map((account) => accountLine(account, order, figures.makespanMs)),
    `  smallest account: ${smallest.email} (${smallest.cases} case): its run finished ${smallestRank}. of ${order.length} (first half: ${checks.smallest ? 'yes' : 'no'}) ${mark(checks.smallest)}`,
    ...(figures.smallestPhases
      ? [
          `  its phases:       ${figures.smallestPhases.map(({ phase, atMs }) => `${phase} ${seconds(atMs)}`).join(', ')}, done ${seconds(order.find((end) => end.account === smallest)?.finishedMs ?? 0)}`,
        ]
      : []),
    ...paceLines(figures),
    workflowLine(figures, sent),
    `  store:            ${figures.budgetOperations} budget operations for ${sent} provider calls = ${perCall.toFixed(3)} per call (target <= ${TARGETS.storePerCall}) ${mark(checks.store)}`,
    ...(figures.budgetOperationsByKind
      ? [
          `  store by kind:    ${[...figures.budgetOperationsByKind]
            .sort((a, b) => b[1] - a[1])
            .map(([kind, n]) => `${kind} ${n} (${(n / Math.max(1, sent)).toFixed(3)})`)
            .join(', ')}`,
        ]
      : []),
  ];
  return { lines, ok: Object.values(checks).every(Boolean) };
}

/** What waiting costs in the workflow: lane tasks, queued waits and transitions per call. */
function workflowLine(figures: FleetFigures, sent: number): string {
  const count = (...names: string[]) =>
    names.reduce((sum, name) => sum + (figures.statesEntered.get(name) ?? 0), 0);
  const lanes = count('AskLane', 'JudgeLane');
  const queued = count('AskLaneQueued', 'JudgeLaneQueued');
  const transitions = [...figures.statesEntered.values()].reduce((sum, n) => sum + n, 0);
  const per = (n: number) => (sent > 0 ? (n / sent).toFixed(3) : '0');
  return `  workflow:         ${lanes} lane tasks (${per(lanes)} per call), ${queued} queued waits (${per(queued)} per call), ${transitions} states entered (${per(transitions)} per call, ${(transitions / Math.max(1, figures.ends.length)).toFixed(0)} per run)`;
}

/** Per family: the share of its pace it served in each tenth of the makespan (100 % = rpm). */
function paceLines(figures: FleetFigures): string[] {
  const tenth = figures.makespanMs / 10;
  const capacity = (figures.rpm / 60_000) * tenth;
  const families = [...new Set(figures.sends.map((send) => send.family))].sort();
  return families.map((family) => {
    const shares = Array.from({ length: 10 }, (_, index) => {
      const inside = figures.sends.filter(
        (send) =>
          send.family === family &&
          send.status !== 429 &&
          send.at >= index * tenth &&
          send.at < (index + 1) * tenth,
      ).length;
      return `${Math.round((100 * inside) / capacity)}`.padStart(3);
    });
    return `  pace used:        ${family.padEnd(10)} ${shares.join(' ')} (% of ${figures.rpm}/min in each tenth of the makespan)`;
  });
}

function accountLine(account: FleetAccount, order: readonly RunEnd[], makespanMs: number): string {
  const own = order.filter((end) => end.account === account);
  const last = Math.max(...own.map((end) => end.finishedMs));
  const first = Math.min(...own.map((end) => end.finishedMs));
  return `  account:          ${account.email} (${account.cases} cases): first run at ${seconds(first)}, last at ${seconds(last)} (${percent(last, makespanMs)} of the makespan)`;
}
