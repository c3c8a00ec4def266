/**
 * The counts a later run needs to explain a change against this one (docs/monitor.md "Every
 * change has a cause"), kept with the run's summary but not part of it: per family, the brand's
 * and each competitor's mentions in unbranded answers and the citations of their sites; per
 * family and prompt, the same mentions (to find the prompts where the brand's own answers are
 * stable); and the prints of the canary answers. Small: tens of prompts times four families.
 */
import { isSameSite } from '#shared/domain/kernel/net/registrable-domain';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { unbranded } from './aggregate.ts';
import { CANARY_SET_VERSION } from './canaries.ts';
import type { CanaryPrint } from './canary-drift.ts';
import type { AnswerMeasurement, CaseProfile } from './types.ts';

/** Mentions in unbranded answers: the brand's, and each competitor's where the prompt does not name it. */
export interface MentionCounts {
  /** Unbranded answers. */
  n: number;
  brand: number;
  /** Competitor name to the answers naming it (counted, not echoing the prompt). */
  rivals: Record<string, number>;
  /** Competitor name to the answers whose prompt does not name it (its denominator). */
  rival_slots: Record<string, number>;
}

export interface FamilyEvidence extends MentionCounts {
  /** Answers citing at least one source (the citation rates' denominator). */
  sourced: number;
  own_cited: number;
  /** Answers citing any competitor's site. */
  rival_cited: number;
}

export interface PromptEvidence extends MentionCounts {
  family: ProviderFamily;
  /** `<prompt_id>|<language>`: a prompt as asked in one language, both modes pooled. */
  prompt: string;
}

export interface RunEvidence {
  version: 1;
  families: Partial<Record<ProviderFamily, FamilyEvidence>>;
  prompts: PromptEvidence[];
  canaries: { set_version: string; prints: CanaryPrint[] };
}

export function runEvidence(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
  prints: readonly CanaryPrint[],
): RunEvidence {
  const families: RunEvidence['families'] = {};
  for (const family of PROVIDER_FAMILIES) {
    const own = measurements.filter((m) => m.family === family);
    if (own.length > 0) families[family] = familyEvidence(profile, own);
  }
  const byPrompt = new Map<string, AnswerMeasurement[]>();
  for (const m of unbranded(measurements)) {
    const key = `${m.family}\u0000${m.prompt_id}|${m.language}`;
    byPrompt.set(key, [...(byPrompt.get(key) ?? []), m]);
  }
  const prompts = [...byPrompt].map(([key, group]) => {
    const [family, prompt] = key.split('\u0000') as [ProviderFamily, string];
    return { family, prompt, ...mentionCounts(profile, group) };
  });
  return {
    version: 1,
    families,
    prompts,
    canaries: { set_version: CANARY_SET_VERSION, prints: [...prints] },
  };
}

function familyEvidence(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
): FamilyEvidence {
  const sourced = measurements.filter((m) => Object.keys(m.cited_domains).length > 0);
  const cites = (domain: string | null) => (m: AnswerMeasurement) =>
    domain !== null &&
    domain.trim() !== '' &&
    Object.keys(m.cited_domains).some((cited) => isSameSite(cited, domain));
  return {
    ...mentionCounts(profile, unbranded(measurements)),
    sourced: sourced.length,
    own_cited: sourced.filter(cites(profile.domain)).length,
    rival_cited: sourced.filter((m) => profile.competitors.some((c) => cites(c.domain)(m))).length,
  };
}

/** Mention counts over unbranded answers, as share of answer counts them. */
export function mentionCounts(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
): MentionCounts {
  const out: MentionCounts = { n: 0, brand: 0, rivals: {}, rival_slots: {} };
  for (const competitor of profile.competitors) {
    out.rivals[competitor.name] = 0;
    out.rival_slots[competitor.name] = 0;
  }
  for (const m of measurements) {
    out.n += 1;
    for (const entity of m.entities) {
      if (entity.is_self) {
        if (entity.counted) out.brand += 1;
        continue;
      }
      if (entity.in_prompt || out.rivals[entity.name] === undefined) continue;
      out.rival_slots[entity.name] = (out.rival_slots[entity.name] ?? 0) + 1;
      if (entity.counted) out.rivals[entity.name] = (out.rivals[entity.name] ?? 0) + 1;
    }
  }
  return out;
}

/** The sums of several counts (families, prompts), competitor by competitor. */
export function addCounts(parts: readonly MentionCounts[]): MentionCounts {
  const out: MentionCounts = { n: 0, brand: 0, rivals: {}, rival_slots: {} };
  for (const part of parts) {
    out.n += part.n;
    out.brand += part.brand;
    for (const [name, count] of Object.entries(part.rivals)) {
      out.rivals[name] = (out.rivals[name] ?? 0) + count;
    }
    for (const [name, count] of Object.entries(part.rival_slots)) {
      out.rival_slots[name] = (out.rival_slots[name] ?? 0) + count;
    }
  }
  return out;
}
