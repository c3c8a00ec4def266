/**
 * How far a run's canary answers moved from the previous run's (docs/monitor.md "Canaries").
 * Each canary answer is reduced to a print: the control brands it names (as measured, the judge
 * included), the domains it cites and its length in words. A print is compared with the previous
 * run's print of the same canary, family and mode on three features, each agreeing or not: the
 * named brands (at least half shared), the cited domains (at least half shared; skipped when
 * neither cites anything) and the length (within a factor of 1.5). `drift` is the share of
 * features that disagree, with a 95 % Wilson interval clustered by answer (the features of one
 * answer are correlated). Sampling alone makes an unchanged engine disagree now and then; a
 * family's canaries have moved when the whole interval lies above DRIFT_NOISE_FLOOR.
 */
import {
  type AskMode,
  PROVIDER_FAMILIES,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';
import { CANARY_SET_VERSION } from './canaries.ts';
import type { FamilyCanary, RunCanary } from './loop-schema.ts';
import { clusteredWilson, round4 } from './statistics.ts';
import type { AnswerMeasurement, AnswerRecord } from './types.ts';

/** Share of disagreeing features an unchanged engine stays under (see the file comment). */
export const DRIFT_NOISE_FLOOR = 0.2;
const SHARED_AT_LEAST = 0.5;
const LENGTH_RATIO_AT_LEAST = 2 / 3;

/** What the next run compares: one canary answer, reduced to its features. */
export interface CanaryPrint {
  family: ProviderFamily;
  mode: AskMode;
  prompt_id: string;
  model: string;
  /** Control brands the answer names (counted mentions), sorted. */
  brands: string[];
  /** Registrable domains the answer cites, sorted. */
  domains: string[];
  words: number;
}

export function canaryPrint(record: AnswerRecord, measured: AnswerMeasurement): CanaryPrint {
  return {
    family: record.family,
    mode: record.mode,
    prompt_id: record.prompt_id,
    model: record.model,
    brands: measured.entities
      .filter((entity) => entity.counted)
      .map((e) => e.name)
      .sort(),
    domains: Object.keys(measured.cited_domains).sort(),
    words: record.text.split(/\s+/).filter(Boolean).length,
  };
}

/**
 * The run's canary figures: per family its served models (`servedModels`, the whole run's), its
 * canary answers and, against `previous` (the prints of the last run with the same control set),
 * the drift and its interval.
 */
export function runCanary(
  prints: readonly CanaryPrint[],
  previous: readonly CanaryPrint[] | undefined,
  servedModels: Partial<Record<ProviderFamily, string[]>>,
): RunCanary {
  const families: RunCanary['families'] = {};
  for (const family of PROVIDER_FAMILIES) {
    const own = prints.filter((print) => print.family === family);
    if (own.length === 0) continue;
    const drift = previous ? familyDrift(own, previous) : undefined;
    families[family] = {
      served_models: servedModels[family] ?? [],
      answers: own.length,
      drift: drift ? round4(drift.value) : null,
      interval: drift ? [round4(drift.lower), round4(drift.upper)] : null,
    };
  }
  return { prompt_set_version: CANARY_SET_VERSION, families };
}

/** The features of each answer that disagree with the previous run's answer to the same canary. */
function familyDrift(current: readonly CanaryPrint[], previous: readonly CanaryPrint[]) {
  const earlier = new Map(previous.map((print) => [printKey(print), print]));
  const clusters: boolean[][] = [];
  for (const print of current) {
    const before = earlier.get(printKey(print));
    if (before) clusters.push(disagreements(before, print));
  }
  return clusters.length === 0 ? undefined : clusteredWilson(clusters);
}

function printKey(print: CanaryPrint): string {
  return `${print.family}|${print.mode}|${print.prompt_id}`;
}

/** One boolean per compared feature: true where the two answers disagree. */
function disagreements(before: CanaryPrint, after: CanaryPrint): boolean[] {
  const out = [jaccard(before.brands, after.brands) < SHARED_AT_LEAST];
  if (before.domains.length > 0 || after.domains.length > 0) {
    out.push(jaccard(before.domains, after.domains) < SHARED_AT_LEAST);
  }
  const longer = Math.max(before.words, after.words);
  out.push(longer > 0 && Math.min(before.words, after.words) / longer < LENGTH_RATIO_AT_LEAST);
  return out;
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const union = new Set([...a, ...b]);
  if (union.size === 0) return 1;
  const shared = a.filter((item) => b.includes(item)).length;
  return shared / union.size;
}

/** True when a family's canaries moved beyond the noise floor (its interval lies above it). */
export function canaryMoved(entry: FamilyCanary | undefined): boolean {
  return (entry?.interval?.[0] ?? 0) > DRIFT_NOISE_FLOOR;
}
