/**
 * Whether a figure of all families still moves when the families whose engine changed are left
 * out of both runs (causes.ts, rule 1): the total score from the other families' scores, share of
 * answer and the own citation rate from the other families' counts in the runs' evidence. A run
 * stored without evidence cannot be split by family: the figure is then taken to follow the
 * changed engines, the cautious reading.
 */
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  type CauseContext,
  isBrandShare,
  type MetricMove,
  rateMove,
  totalScoreMove,
} from './changes.ts';
import { addCounts, type FamilyEvidence, type RunEvidence } from './run-evidence.ts';
import { wilson } from './statistics.ts';

export function stillMovesWithout(
  move: MetricMove,
  rest: readonly ProviderFamily[],
  context: CauseContext,
): boolean {
  const { current, previous } = context;
  if (move.metric === 'total_score') {
    const without = totalScoreMove(current.summary, previous.summary, rest);
    return without !== undefined && Math.sign(without.change) === Math.sign(move.change);
  }
  if (!current.evidence || !previous.evidence) return false;
  const rate = (evidence: RunEvidence) =>
    move.metric === 'own_citation_rate'
      ? citationRate(familiesOf(evidence, rest))
      : shareRate(familiesOf(evidence, rest), move, isBrandShare(move, current));
  const without = rateMove(rate(current.evidence), rate(previous.evidence));
  return without !== undefined && Math.sign(without.change) === Math.sign(move.change);
}

function familiesOf(evidence: RunEvidence, families: readonly ProviderFamily[]): FamilyEvidence[] {
  return families.flatMap((family) => {
    const entry = evidence.families[family];
    return entry ? [entry] : [];
  });
}

function citationRate(families: readonly FamilyEvidence[]) {
  const cited = families.reduce((sum, f) => sum + f.own_cited, 0);
  const sourced = families.reduce((sum, f) => sum + f.sourced, 0);
  return wilson(cited, sourced);
}

/** One name's mentions over all tracked mentions, as share of answer counts them. */
function shareRate(families: readonly FamilyEvidence[], move: MetricMove, brand: boolean) {
  const counts = addCounts(families);
  const rivals = Object.values(counts.rivals).reduce((sum, n) => sum + n, 0);
  const own = brand ? counts.brand : (counts.rivals[move.brand ?? ''] ?? 0);
  return wilson(own, counts.brand + rivals);
}
