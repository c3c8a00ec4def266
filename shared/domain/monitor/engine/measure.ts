/**
 * The measurement of one answer (docs/monitor.md, "Method"): what the run's summary is built from,
 * one small, storable record per answer.
 */
import { registrableDomain } from '#shared/domain/kernel/net/registrable-domain';
import type { TokenUsage } from '#shared/domain/monitor/provider-port';
import { detectEntity, domainInText, type PreparedText, prepareText } from './mentions.ts';
import { categoriseSource } from './source-category.ts';
import type {
  AnswerMeasurement,
  AnswerRecord,
  CaseProfile,
  EntityMeasurement,
  EntityVerdict,
  JudgeCall,
  JudgeOutcome,
  JudgeVerdict,
  UsageCounts,
} from './types.ts';

/**
 * Measures one answer: deterministic detection for the brand and every competitor, the
 * judge's verdict on top where there is one, fact statuses, and cited domains. Without a
 * verdict (no other family to judge, or a reply that broke the contract) the deterministic
 * result stands: an unreadable judge never fails a run.
 */
export function measureAnswer(
  profile: CaseProfile,
  answer: AnswerRecord,
  verdict: JudgeVerdict | undefined,
  judge?: JudgeCall,
): AnswerMeasurement {
  const prepared = prepareText(answer.text);
  const promptText = prepareText(answer.prompt);
  const entities = [
    { ...profile, is_self: true },
    ...profile.competitors.map((c) => ({ ...c, is_self: false })),
  ].map((entity) => measureEntity(entity, { prepared, promptText, verdict }));
  return {
    cell_id: answer.id,
    block: answer.block,
    prompt_id: answer.prompt_id,
    language: answer.language,
    repeat: answer.repeat,
    branded: answer.branded,
    family: answer.family,
    mode: answer.mode,
    model: answer.model,
    judged: verdict !== undefined,
    judge_family: judge?.family ?? null,
    judge_model: judge?.model ?? null,
    dropped_quotes: verdict?.dropped_quotes ?? 0,
    entities,
    facts: (verdict?.facts ?? [])
      .filter((fact) => fact.status !== 'not_mentioned')
      .map(({ key, status, claimed_value, evidence_quote }) => ({
        key,
        status,
        claimed_value,
        evidence_quote,
      })),
    cited_domains: citedDomains(answer),
    cited_categories: citedCategories(profile, answer),
    search_queries: answer.search_queries ?? [],
    other_brands: (verdict?.other_brands ?? []).map((brand) => brand.name),
    searched: answer.searched,
    latency_ms: answer.latency_ms,
    usage: usageCounts(answer.usage),
    judge_usage: judge ? usageCounts(judge.usage) : null,
    ...(judge?.calls === undefined ? {} : { judge_calls: judge.calls }),
  };
}

interface EntityInput {
  name: string;
  aliases: string[];
  domain: string | null;
  is_self: boolean;
}

interface Texts {
  prepared: PreparedText;
  promptText: PreparedText;
  verdict: JudgeVerdict | undefined;
}

function measureEntity(entity: EntityInput, texts: Texts): EntityMeasurement {
  const detection = detectEntity(texts.prepared, entity);
  const entry = texts.verdict?.entities.find((e) => e.name === entity.name);
  const outcome = judgeOutcome(entry);
  const counted = detection.detected && (outcome === 'confirmed' || outcome === 'not_judged');
  return {
    name: entity.name,
    is_self: entity.is_self,
    in_prompt: detectEntity(texts.promptText, entity).detected,
    detected: detection.detected,
    occurrences: detection.occurrences,
    first_position: detection.first_position,
    domain_in_text: domainInText(texts.prepared, entity.domain),
    ambiguous: detection.ambiguous,
    judge: outcome,
    counted,
    judge_only: !detection.detected && outcome === 'confirmed',
    sentiment: counted ? (entry?.sentiment ?? null) : null,
    recommended: counted && entry !== undefined ? entry.recommended : null,
  };
}

function judgeOutcome(entry: EntityVerdict | undefined): JudgeOutcome {
  if (entry === undefined) return 'not_judged';
  if (entry.absence_statement) return 'absence';
  return entry.mentioned ? 'confirmed' : 'rejected';
}

/** Cited sources only (not merely retrieved ones), per registrable domain, one per URL. */
function citedDomains(answer: AnswerRecord): Record<string, number> {
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  for (const citation of answer.citations) {
    if (!citation.cited || seen.has(citation.url)) continue;
    seen.add(citation.url);
    const domain = registrableDomain(citation.domain);
    if (domain === '') continue;
    counts[domain] = (counts[domain] ?? 0) + 1;
  }
  return counts;
}

/** Cited sources only, per category, one per URL (docs/monitor.md "Source categories"). */
function citedCategories(profile: CaseProfile, answer: AnswerRecord): Record<string, number> {
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  for (const citation of answer.citations) {
    if (!citation.cited || seen.has(citation.url)) continue;
    seen.add(citation.url);
    const category = categoriseSource(citation, profile);
    counts[category] = (counts[category] ?? 0) + 1;
  }
  return counts;
}

function usageCounts(usage: TokenUsage): UsageCounts {
  return {
    input_tokens: usage.inputTokens ?? 0,
    output_tokens: usage.outputTokens ?? 0,
    reported: usage.inputTokens !== null || usage.outputTokens !== null,
  };
}
