/**
 * Finished runs for the alert tests: real summaries (the engine's `summariseRun` over measured
 * answers), made from a few numbers per model family, with the parts the loop adds later
 * (`changes`, model changes, discovered brands) set as a test needs them.
 */
import type { RunFacts } from '#shared/domain/alerts/evaluation-types';
import type { SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import { summariseRun } from '#shared/domain/monitor/engine/summary';
import type { RunSummary } from '#shared/domain/monitor/engine/summary-schema';
import type { AnswerMeasurement } from '#shared/domain/monitor/engine/types';
import type { AnswerFacets } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { cite, measured, PROFILE } from '#test/unit/domain/monitor/builders';

export const BRAND = PROFILE.name;
export const RIVAL = 'Globex Insights';

/** Per family: unbranded answers, how many name the brand, the rival, cite the brand's site. */
export interface FamilyCounts {
  answers: number;
  brand: number;
  rival?: number;
  ownCited?: number;
}

function answersOf(family: ProviderFamily, counts: FamilyCounts): AnswerMeasurement[] {
  return Array.from({ length: counts.answers }, (_, index) => {
    const names = [
      ...(index < counts.brand ? [BRAND] : []),
      ...(index < (counts.rival ?? 0) ? [RIVAL] : []),
    ];
    const text =
      names.length > 0 ? `${names.join(' and ')} suit small teams.` : 'Many tools exist.';
    const own = index < (counts.ownCited ?? 0);
    return measured(text, {
      family,
      prompt_id: `A-${String(index).padStart(2, '0')}`,
      confirm: names,
      searched: true,
      citations: [
        cite('https://g2.com/list'),
        ...(own ? [cite(`https://${PROFILE.domain}/pricing`)] : []),
      ],
    });
  });
}

/** A run's summary from per-family counts. */
export function summaryOf(counts: Partial<Record<ProviderFamily, FamilyCounts>>): RunSummary {
  const measurements = Object.entries(counts).flatMap(([family, each]) =>
    answersOf(family as ProviderFamily, each as FamilyCounts),
  );
  return summariseRun({
    profile: PROFILE,
    measurements,
    excludedModels: [],
    promptSetVersion: 'v2.test',
  });
}

let counter = 0;

/** A finished run with that summary, answers' facets and the loop's additions. */
export function runOf(
  summary: RunSummary,
  extra: {
    changes?: SummaryChange[];
    previous?: string | null;
    answers?: readonly AnswerFacets[];
    patch?: Partial<RunSummary>;
  } = {},
): RunFacts {
  counter += 1;
  return {
    run_id: `run-${counter}`,
    label: `2026-${String(counter).padStart(2, '0')}`,
    finished_at: new Date(Date.UTC(2026, 0, counter)).toISOString(),
    summary: {
      ...summary,
      ...extra.patch,
      delta: { ...summary.delta, previous_run_id: extra.previous ?? null, ...extra.patch?.delta },
      changes: extra.changes ?? [],
    },
    answers: extra.answers,
  };
}

/** A change item of the summary, as the loop writes it. */
export function change(
  figures: Partial<SummaryChange> & Pick<SummaryChange, 'metric' | 'before' | 'after' | 'interval'>,
): SummaryChange {
  return {
    change: figures.after - figures.before,
    cause: 'unexplained',
    evidence: {
      text: 'the reason',
      models: [],
      canaries: [],
      scans: [],
      checks: [],
      prompts: null,
    },
    ...figures,
  };
}

/** One answer's facets as the answer index keeps them. */
export function facet(
  family: ProviderFamily,
  index: number,
  options: { mentioned: boolean; cited: string[]; share?: string[] },
): AnswerFacets {
  return {
    id: `${family}.online.${index}`,
    family,
    mode: 'online',
    block: 'A',
    prompt_id: `A-${index}`,
    mentioned: options.mentioned,
    share: options.share ?? (options.mentioned ? [BRAND.toLowerCase()] : []),
    cited: options.cited,
    categories: [],
  };
}
