/**
 * Did a fix of the brand's site pay off? (docs/monitor.md "Did the fix pay off?"). For a check
 * that went from failing to passing, the case's figures over the runs before the fix (finished
 * before its first passing scan, the last FIX_WINDOW) and after it (requested after, the first
 * FIX_WINDOW), pooled per side: share of answer, the own citation rate and each family's mention
 * rate. Each figure has its change with a 95 % Newcombe interval and, as a control, the same
 * change for the competitors (their mention rate, their sites' citation rate): a change the
 * competitors show too is the market's, not the fix's, so the verdict reads the difference of the
 * two ("net"). The verdict:
 *
 * - `too_early`: fewer than two runs after the fix, no run before it, or too few answers: the
 *   minimum detectable effect of the two sides (at p = 0.5, 80 % power) is above 20 points;
 * - `improved` / `worse`: share of answer or the own citation rate moved up (down) net of the
 *   control, and neither the other way; each of the two is read at 97.5 % (its interval 1.14
 *   times the 95 % one), so that together they keep a 5 % chance of a verdict from noise alone;
 * - `no_change`: otherwise, and whenever the engine changed between the two sides (a family served
 *   other models, or its canaries moved): then an improvement is never claimed.
 */
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { canaryMoved } from './canary-drift.ts';
import type { RunCanary } from './loop-schema.ts';
import type { RunEvidence } from './run-evidence.ts';
import { newcombeDifference, type RateInterval, round4, wilson, Z_95 } from './statistics.ts';
import type { RunSummary } from './summary-schema.ts';

/** Runs on each side of a fix. */
export const FIX_WINDOW = 3;
/** Above this minimum detectable effect the two sides are too small to judge. */
export const FIX_MDE_LIMIT = 0.2;
const Z_POWER_80 = 0.8416212335729143;
/** Two deciding figures, each at 97.5 % (Bonferroni): the 98.75 % quantile over the 97.5 % one. */
const VERDICT_WIDTH = 2.241402727604947 / Z_95;

export interface FixRun {
  run_id: string;
  scheduled_for: string;
  finished_at: string;
  summary: RunSummary;
  canary?: RunCanary | undefined;
  evidence?: RunEvidence | undefined;
}

type Pair = [number, number];

export interface FixFigure {
  metric: 'share_of_answer' | 'own_citation_rate' | 'mention_rate';
  family?: ProviderFamily;
  before: number;
  after: number;
  change: number;
  interval: Pair;
  control: { before: number; after: number; change: number; interval: Pair } | null;
  net: { change: number; interval: Pair };
}

export type FixVerdict = 'improved' | 'no_change' | 'worse' | 'too_early';

export interface FixAssessment {
  before: { runs: string[]; answers: number };
  after: { runs: string[]; answers: number };
  figures: FixFigure[];
  minimum_detectable_effect: number | null;
  engine_changed: boolean;
  engine: { family: ProviderFamily; before: string[]; after: string[]; canary_moved: boolean }[];
  verdict: FixVerdict;
  reason: string;
}

/** The two sides of a fix dated `fixedAt`, from the case's finished runs (any order). */
export function sidesOf(runs: readonly FixRun[], fixedAt: string) {
  const byTime = [...runs].sort((a, b) => a.scheduled_for.localeCompare(b.scheduled_for));
  return {
    before: byTime.filter((run) => run.finished_at <= fixedAt).slice(-FIX_WINDOW),
    after: byTime.filter((run) => run.scheduled_for >= fixedAt).slice(0, FIX_WINDOW),
  };
}

export function assessFix(before: readonly FixRun[], after: readonly FixRun[]): FixAssessment {
  const answers = (runs: readonly FixRun[]) =>
    runs.reduce((sum, run) => sum + run.summary.intervals.dimensions.visibility.n, 0);
  const sides = {
    before: { runs: before.map((run) => run.run_id), answers: answers(before) },
    after: { runs: after.map((run) => run.run_id), answers: answers(after) },
  };
  const engine = engineBetween(before, after);
  const figures = before.length > 0 && after.length > 0 ? figuresOf(before, after) : [];
  const mde =
    sides.before.answers > 0 && sides.after.answers > 0
      ? round4(
          (Z_95 + Z_POWER_80) *
            Math.sqrt(0.25 * (1 / sides.before.answers + 1 / sides.after.answers)),
        )
      : null;
  const { verdict, reason } = verdictOf(sides, figures, mde, engine);
  return {
    ...sides,
    figures,
    minimum_detectable_effect: mde,
    engine_changed: engine.length > 0,
    engine,
    verdict,
    reason,
  };
}

function figuresOf(before: readonly FixRun[], after: readonly FixRun[]): FixFigure[] {
  const out: FixFigure[] = [
    figure('share_of_answer', before, after, shareOf, rivalMentionsOf),
    figure('own_citation_rate', before, after, ownCitationsOf, rivalCitationsOf),
  ];
  for (const family of PROVIDER_FAMILIES) {
    const present = (runs: readonly FixRun[]) =>
      runs.every((run) => run.summary.intervals.per_model[family] !== undefined);
    if (!present(before) || !present(after)) continue;
    out.push({
      ...figure(
        'mention_rate',
        before,
        after,
        (run) => run.summary.intervals.per_model[family]?.visibility,
        (run) => familyRivalsOf(run, family),
      ),
      family,
    });
  }
  return out;
}

type Counts = Pick<RateInterval, 'successes' | 'n'> & { n_effective?: number };

function figure(
  metric: FixFigure['metric'],
  before: readonly FixRun[],
  after: readonly FixRun[],
  own: (run: FixRun) => Counts | undefined,
  control: (run: FixRun) => Counts | undefined,
): FixFigure {
  const main = difference(pooled(before.map(own)), pooled(after.map(own)));
  const controlBefore = pooled(before.map(control));
  const controlAfter = pooled(after.map(control));
  const rivals =
    controlBefore && controlAfter && controlBefore.n > 0 && controlAfter.n > 0
      ? difference(controlBefore, controlAfter)
      : null;
  return { metric, ...main, control: rivals, net: net(main, rivals) };
}

/** Successes and observations summed over runs; undefined when a run lacks the figure. */
function pooled(parts: readonly (Counts | undefined)[]): RateInterval | undefined {
  if (parts.some((part) => part === undefined)) return undefined;
  const sum = (pick: (c: Counts) => number) =>
    parts.reduce((total, part) => total + pick(part as Counts), 0);
  return wilson(
    sum((c) => c.successes),
    sum((c) => c.n),
    sum((c) => c.n_effective ?? c.n),
  );
}

function difference(before: RateInterval | undefined, after: RateInterval | undefined) {
  const b = before ?? wilson(0, 0);
  const a = after ?? wilson(0, 0);
  const d = newcombeDifference(a, b);
  return {
    before: round4(b.value),
    after: round4(a.value),
    change: round4(d.difference),
    interval: [round4(d.lower), round4(d.upper)] as Pair,
  };
}

/** The brand's change net of the competitors' (the control), with the intervals combined. */
function net(
  main: { change: number; interval: Pair },
  control: { change: number; interval: Pair } | null,
): FixFigure['net'] {
  if (!control) return { change: main.change, interval: main.interval };
  const change = main.change - control.change;
  const low = Math.hypot(main.change - main.interval[0], control.interval[1] - control.change);
  const high = Math.hypot(main.interval[1] - main.change, control.change - control.interval[0]);
  return { change: round4(change), interval: [round4(change - low), round4(change + high)] };
}

function shareOf(run: FixRun): Counts | undefined {
  const brand = run.summary.share_of_answer.find((entry) => entry.is_self);
  return brand ? { successes: brand.judge_mentions, n: brand.total } : undefined;
}

/** The competitors' mentions over the unbranded answers that could name each of them. */
function rivalMentionsOf(run: FixRun): Counts {
  const rivals = run.summary.share_of_answer.filter((entry) => !entry.is_self);
  const mentions = rivals.reduce((sum, entry) => sum + entry.judge_mentions, 0);
  return { successes: mentions, n: run.summary.intervals.dimensions.visibility.n * rivals.length };
}

function ownCitationsOf(run: FixRun): Counts {
  return run.summary.intervals.own_citation_rate;
}

/** The competitors' sites' citations over the answers citing anything, pooled. */
function rivalCitationsOf(run: FixRun): Counts {
  const rates = Object.values(run.summary.intervals.competitor_citation_rate);
  return {
    successes: rates.reduce((sum, rate) => sum + rate.successes, 0),
    n: rates.reduce((sum, rate) => sum + rate.n, 0),
  };
}

function familyRivalsOf(run: FixRun, family: ProviderFamily): Counts | undefined {
  const entry = run.evidence?.families[family];
  if (!entry) return undefined;
  const sum = (record: Record<string, number>) =>
    Object.values(record).reduce((total, n) => total + n, 0);
  return { successes: sum(entry.rivals), n: sum(entry.rival_slots) };
}

/** Families that served other models on the two sides, or whose canaries moved after the fix. */
function engineBetween(before: readonly FixRun[], after: readonly FixRun[]) {
  const served = (runs: readonly FixRun[], family: ProviderFamily) =>
    new Set(runs.flatMap((run) => run.summary.served_models?.[family] ?? []));
  return PROVIDER_FAMILIES.flatMap((family) => {
    const was = served(before, family);
    const is = served(after, family);
    const modelChanged =
      was.size > 0 && is.size > 0 && (was.size !== is.size || [...is].some((m) => !was.has(m)));
    const moved = after.some((run) => canaryMoved(run.canary?.families[family]));
    return modelChanged || moved
      ? [{ family, before: [...was], after: [...is], canary_moved: moved }]
      : [];
  });
}

function verdictOf(
  sides: Pick<FixAssessment, 'before' | 'after'>,
  figures: readonly FixFigure[],
  mde: number | null,
  engine: FixAssessment['engine'],
): { verdict: FixVerdict; reason: string } {
  if (sides.before.runs.length === 0) {
    return { verdict: 'too_early', reason: 'No finished run before the fix to compare with.' };
  }
  if (sides.after.runs.length < 2) {
    return {
      verdict: 'too_early',
      reason: `${sides.after.runs.length} finished run since the fix; two are needed.`,
    };
  }
  if (mde === null || mde > FIX_MDE_LIMIT) {
    return {
      verdict: 'too_early',
      reason: `Too few answers: a change smaller than ${Math.round((mde ?? 1) * 100)} points could not be told apart from noise.`,
    };
  }
  const deciding = figures.filter((f) => f.metric !== 'mention_rate');
  const widened = (f: FixFigure, side: 0 | 1) =>
    f.net.change + (f.net.interval[side] - f.net.change) * VERDICT_WIDTH;
  const up = deciding.filter((f) => widened(f, 0) > 0);
  const down = deciding.filter((f) => widened(f, 1) < 0);
  const names = (list: readonly FixFigure[]) => list.map((f) => f.metric).join(' and ');
  if (engine.length > 0 && down.length === 0) {
    return {
      verdict: 'no_change',
      reason: `The engine changed between the two sides (${engine.map((e) => e.family).join(', ')}): no improvement is credited to the fix.`,
    };
  }
  if (up.length > 0 && down.length === 0) {
    return { verdict: 'improved', reason: `${names(up)} rose beyond the competitors' change.` };
  }
  if (down.length > 0 && up.length === 0) {
    return { verdict: 'worse', reason: `${names(down)} fell beyond the competitors' change.` };
  }
  return {
    verdict: 'no_change',
    reason:
      up.length > 0
        ? `${names(up)} rose while ${names(down)} fell.`
        : "Neither share of answer nor the own citation rate moved beyond noise and the competitors' change.",
  };
}
