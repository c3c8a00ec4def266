/**
 * The `competitors` rule (causes.ts, rule 2): did the competitors' shares move against the brand's
 * in the prompts where the brand's own answers are stable? A prompt (per family, both modes,
 * families whose engine changed left out) is stable when the share of its answers naming the
 * brand moved by at most a third between the two runs. Over the stable prompts the brand's mention
 * rate must stay within noise, and the competitors' mention rate (every competitor's for the
 * brand's share, the one competitor's for its own) must move the way that explains the share:
 * up when the brand's share fell or the competitor's rose, down otherwise, clearing an interval
 * about 1.68 times the 95 % one (about 99.9 %): a share that moved by chance usually moved with
 * its competitors too, and chance must not be read as a cause.
 */
import { type CauseContext, isBrandShare, type MetricMove, rateMove } from './changes.ts';
import type { ChangeEvidence } from './loop-schema.ts';
import { addCounts, type MentionCounts, type PromptEvidence } from './run-evidence.ts';
import { newcombeDifference, round4, wilson, Z_95 } from './statistics.ts';

/** How far a prompt's brand mention share may move and still count as stable. */
const STABLE_WITHIN = 1 / 3;
/** The two-sided 99.9 % quantile over the 95 % one: the stricter interval's width factor. */
const STRICT = 3.2905267314919 / Z_95;

export interface RivalsMoved {
  text: string;
  prompts: NonNullable<ChangeEvidence['prompts']>;
}

export function competitorsMoved(move: MetricMove, context: CauseContext): RivalsMoved | undefined {
  const { current, previous } = context;
  if (move.metric !== 'share_of_answer' || !current.evidence || !previous.evidence) {
    return undefined;
  }
  const changed = new Set(context.engine.map((e) => e.family));
  const earlier = new Map(
    previous.evidence.prompts.map((p) => [`${p.family}|${p.prompt}`, p] as const),
  );
  const stable: [PromptEvidence, PromptEvidence][] = [];
  for (const now of current.evidence.prompts) {
    const then = earlier.get(`${now.family}|${now.prompt}`);
    if (!then || changed.has(now.family) || now.n === 0 || then.n === 0) continue;
    if (Math.abs(now.brand / now.n - then.brand / then.n) <= STABLE_WITHIN) {
      stable.push([then, now]);
    }
  }
  if (stable.length === 0) return undefined;
  const before = addCounts(stable.map(([then]) => then));
  const after = addCounts(stable.map(([, now]) => now));
  const brandBefore = wilson(before.brand, before.n);
  const brandAfter = wilson(after.brand, after.n);
  if (rateMove(brandAfter, brandBefore)) return undefined;
  const brand = isBrandShare(move, current);
  const names = brand ? Object.keys(after.rivals) : [move.brand ?? ''];
  const rivalsBefore = rivalRate(before, names);
  const rivalsAfter = rivalRate(after, names);
  const difference = newcombeDifference(rivalsAfter, rivalsBefore);
  const lower = difference.difference - (difference.difference - difference.lower) * STRICT;
  const upper = difference.difference + (difference.upper - difference.difference) * STRICT;
  const rose = lower > 0;
  const fell = upper < 0;
  // The brand's share moves against its competitors; a competitor's share with its own mentions.
  const explains = brand ? (move.change < 0 ? rose : fell) : move.change > 0 ? rose : fell;
  if (!explains) return undefined;
  const pct = (value: number) => `${Math.round(value * 100)} %`;
  return {
    text:
      `On ${stable.length} prompts where the brand's own answers stayed stable (named in ` +
      `${pct(brandBefore.value)}, then ${pct(brandAfter.value)}), ` +
      `${brand ? 'the competitors were' : `${move.brand} was`} named in ` +
      `${pct(rivalsBefore.value)} of the answers, then ${pct(rivalsAfter.value)}.`,
    prompts: {
      stable: stable.length,
      brand: [round4(brandBefore.value), round4(brandAfter.value)],
      competitors: [round4(rivalsBefore.value), round4(rivalsAfter.value)],
      interval: [round4(lower), round4(upper)],
    },
  };
}

/** The named competitors' mentions over the answers that could name them. */
function rivalRate(counts: MentionCounts, names: readonly string[]) {
  const mentions = names.reduce((sum, name) => sum + (counts.rivals[name] ?? 0), 0);
  const slots = names.reduce((sum, name) => sum + (counts.rival_slots[name] ?? 0), 0);
  return wilson(mentions, slots);
}
