/**
 * The cause of each change (docs/monitor.md "Every change has a cause"). The rules are tried in
 * this order and the first that holds names the cause:
 *
 * 1. `engine`: a family served other model ids than in the previous run, or its canary answers
 *    moved beyond their noise floor (canary-drift.ts). A family's mention rate changes with its
 *    own engine; a figure of all families is the engine's when, left without the changed
 *    families, it no longer moves.
 * 2. `competitors` (share of answer only): on the prompts where the brand's own answers are
 *    stable, the competitors were named more (or less) often, against the brand's share; that
 *    move must clear an interval of about 99.9 %, so chance alone rarely names this cause.
 * 3. `own_site`: a scan of the brand's domain made between the two runs found a check an answer
 *    engine reads (crawler access, llms.txt, structured data, markdown) passing that failed
 *    before, for a figure that rose, or failing that passed, for one that fell.
 * 4. `unexplained`: none of these; never a guess.
 *
 * Each change lists the evidence that decided it: model ids, canary figures, scan and check ids,
 * the stable prompts' counts.
 */
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { canaryMoved } from './canary-drift.ts';
import {
  type CauseContext,
  type ComparedSummary,
  type EngineChange,
  isBrandShare,
  type MetricMove,
  metricMoves,
  type RunBasis,
} from './changes.ts';
import type { ChangeEvidence, RunCanary, SummaryChange } from './loop-schema.ts';
import { stillMovesWithout } from './moves-without.ts';
import { competitorsMoved } from './rival-moves.ts';
import type { SiteChange } from './site-checks.ts';

/**
 * Every figure of `current` that moved since `previous` (a comparable run), with its cause:
 * `canary` is this run's canary figures, `site` what the scans of the brand's site saw change
 * between the two runs.
 */
export function changesAgainst(
  current: RunBasis,
  previous: RunBasis,
  canary: RunCanary,
  site: SiteChange | undefined,
): SummaryChange[] {
  const context: CauseContext = {
    current,
    previous,
    engine: engineChanges(current.summary, previous.summary, canary),
    canaries: canary.families,
    site,
  };
  return metricMoves(current.summary, previous.summary).map((move) => ({
    ...move,
    ...causeOf(move, context),
  }));
}

/** Families present in both runs that served other models, or whose canaries moved. */
function engineChanges(
  summary: ComparedSummary,
  previous: ComparedSummary,
  canary: RunCanary,
): EngineChange[] {
  return PROVIDER_FAMILIES.flatMap((family) => {
    if (summary.per_model[family] === undefined || previous.per_model[family] === undefined) {
      return [];
    }
    const after = summary.served_models?.[family] ?? [];
    const before = previous.served_models?.[family];
    const modelChanged =
      before !== undefined &&
      (before.length !== after.length || after.some((model) => !before.includes(model)));
    const entry = canary.families[family];
    const moved = canaryMoved(entry);
    if (!modelChanged && !moved) return [];
    return [
      { family, before: before ?? [], after, canary: entry, modelChanged, canaryMoved: moved },
    ];
  });
}

function causeOf(
  move: MetricMove,
  context: CauseContext,
): Pick<SummaryChange, 'cause' | 'evidence'> {
  const canaries = canaryFigures(move, context);
  const engine = engineBehind(move, context);
  if (engine.length > 0) {
    return {
      cause: 'engine',
      evidence: {
        ...emptyEvidence(engineText(engine, move)),
        models: engine
          .filter((e) => e.modelChanged)
          .map((e) => ({ family: e.family, before: e.before, after: e.after })),
        canaries,
      },
    };
  }
  const rivals = competitorsMoved(move, context);
  if (rivals) {
    return {
      cause: 'competitors',
      evidence: { ...emptyEvidence(rivals.text), canaries, prompts: rivals.prompts },
    };
  }
  const site = siteBehind(move, context);
  if (site) {
    return { cause: 'own_site', evidence: { ...site, canaries } };
  }
  return { cause: 'unexplained', evidence: { ...emptyEvidence(UNEXPLAINED), canaries } };
}

const UNEXPLAINED =
  'No family served another model and no canaries moved beyond their noise floor; the ' +
  "competitors did not move against the brand where its own answers were stable; no scan of the brand's site " +
  'between the runs changed a check answer engines read. The change stays unexplained.';

function emptyEvidence(text: string): ChangeEvidence {
  return { text, models: [], canaries: [], scans: [], checks: [], prompts: null };
}

/** The canary figures considered: the family's own, or every family's for a figure of all. */
function canaryFigures(move: MetricMove, context: CauseContext): ChangeEvidence['canaries'] {
  const families = move.family ? [move.family] : PROVIDER_FAMILIES;
  return families.flatMap((family) => {
    const entry = context.canaries[family];
    return entry ? [{ family, drift: entry.drift, interval: entry.interval }] : [];
  });
}

/** The engine changes that explain the move; empty when none does. */
function engineBehind(move: MetricMove, context: CauseContext): EngineChange[] {
  if (context.engine.length === 0) return [];
  if (move.family) return context.engine.filter((e) => e.family === move.family);
  const changed = context.engine.map((e) => e.family);
  const rest = PROVIDER_FAMILIES.filter(
    (family) =>
      !changed.includes(family) && context.current.summary.per_model[family] !== undefined,
  );
  // Without the changed families nothing is left, or the figure no longer moves: the engine.
  if (rest.length === 0 || !stillMovesWithout(move, rest, context)) return [...context.engine];
  return [];
}

function engineText(engine: readonly EngineChange[], move: MetricMove): string {
  const parts = engine.map((e) => {
    if (e.modelChanged) {
      return `${e.family} served ${e.after.join(', ') || 'no model'} (before: ${e.before.join(', ') || 'none'})`;
    }
    const interval = e.canary?.interval;
    return `${e.family}'s canary answers moved (drift ${e.canary?.drift ?? '–'}, interval ${interval ? `${interval[0]}-${interval[1]}` : '–'})`;
  });
  const tail = move.family ? '' : ' Without those families the figure does not move.';
  return `${parts.join('; ')}.${tail}`;
}

/** Own-site evidence when the site changed in the direction of the move. */
function siteBehind(move: MetricMove, context: CauseContext): ChangeEvidence | undefined {
  const site: SiteChange | undefined = context.site;
  if (!site) return undefined;
  // A competitor's share falls when the brand's site got better, and rises when it got worse.
  const brandSide = move.metric !== 'share_of_answer' || isBrandShare(move, context.current);
  const wantImproved = move.change > 0 === brandSide;
  const checks = wantImproved ? site.improved : site.regressed;
  if (checks.length === 0) return undefined;
  const names = checks.map((c) => c.check).join(', ');
  const day = (at: string) => at.slice(0, 10);
  return {
    ...emptyEvidence(
      `A scan of ${site.after.domain} on ${day(site.after.created_at)} found ${names} ` +
        `${wantImproved ? 'passing that failed' : 'failing that passed'} on ${day(site.before.created_at)}.`,
    ),
    scans: [
      { scan_id: site.before.id, created_at: site.before.created_at, role: 'before' },
      { scan_id: site.after.id, created_at: site.after.created_at, role: 'after' },
    ],
    checks: checks.map((c) => ({ check: c.check, before: c.before, after: c.after })),
  };
}
