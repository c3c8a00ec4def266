/**
 * One stored answer as the API shows it (docs/monitor.md "Answers"): the answer record, the
 * deterministic matcher's result with the judge's verdict on top (measured exactly as the
 * summary measured it), the judge's evidence quotes, and each source with its category.
 * Also the two export formats: CSV with a fixed column order, and JSON Lines.
 */
import { measureAnswer, parseJudgeVerdict } from './engine/index.ts';
import { categoriseSource } from './engine/source-category.ts';
import type { CaseProfile, JudgeVerdict } from './engine/types.ts';
import type { StoredAnswer, StoredJudgement } from './ports.ts';
import type { AnswerView } from './run-schemas.ts';

type OkAnswer = Extract<StoredAnswer, { status: 'ok' }>;

/** `<family>.<mode>.<cell>`: the cell id alone repeats across families and modes. */
export function answerId(answer: OkAnswer): string {
  return `${answer.key.family}.${answer.key.mode}.${answer.key.cell_id}`;
}

export function answerView(
  profile: CaseProfile,
  answer: OkAnswer,
  judgement: StoredJudgement | undefined,
): AnswerView {
  const record = answer.record;
  const verdict: JudgeVerdict | undefined =
    judgement?.status === 'ok'
      ? parseJudgeVerdict(judgement.raw_text, record.text, profile, judgement.batch_item)
      : undefined;
  const measured = measureAnswer(profile, record, verdict);
  const brand = measured.entities.find((e) => e.is_self);
  return {
    id: answerId(answer),
    prompt_id: record.prompt_id,
    block: record.block,
    language: record.language,
    prompt: record.prompt,
    family: record.family,
    model: record.model,
    mode: record.mode,
    repeat: record.repeat,
    branded: record.branded,
    text: record.text,
    mentions: measured.entities.map((entity) => ({
      name: entity.name,
      role: entity.is_self ? ('brand' as const) : ('competitor' as const),
      detected: entity.detected,
      judge: entity.judge,
      counted: entity.counted,
      in_prompt: entity.in_prompt,
      recommended: entity.recommended,
      evidence_quote: verdict?.entities.find((e) => e.name === entity.name)?.evidence_quote ?? null,
    })),
    sentiment: brand?.sentiment ?? null,
    facts: measured.facts,
    sources: record.citations.map((citation) => ({
      url: citation.url,
      domain: citation.domain,
      title: citation.title,
      cited: citation.cited,
      category: categoriseSource(citation, profile),
    })),
    search_queries: record.search_queries ?? [],
    tokens: { input: record.usage.inputTokens, output: record.usage.outputTokens },
  };
}

/** Whether the brand's mention counts in this answer (the `mentioned` filter). */
export function brandMentioned(view: AnswerView): boolean {
  return view.mentions.some((m) => m.role === 'brand' && m.counted);
}

/**
 * The CSV columns, in this order forever (new columns are only ever appended). Every cell is
 * plain text a spreadsheet shows as it is: lists are entries joined by "; ", each entry in words
 * (docs/monitor.md "Answers" documents each column); the JSON Lines export keeps the structure.
 */
export const ANSWER_CSV_COLUMNS = [
  'id',
  'prompt_id',
  'block',
  'language',
  'prompt',
  'family',
  'model',
  'mode',
  'repeat',
  'brand_mentioned',
  'sentiment',
  'text',
  'mentions',
  'facts',
  'sources',
  'search_queries',
  'input_tokens',
  'output_tokens',
  'branded',
] as const;

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted when needed (RFC 4180); a leading formula character is defused for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function answerCsvHeader(): string {
  return `${ANSWER_CSV_COLUMNS.join(',')}\r\n`;
}

const LIST = '; ';

/** "Acme Analytics (brand): counted, recommended, quote “…”; Globex Insights: found, not counted". */
function mentionsText(view: AnswerView): string {
  return view.mentions
    .map((m) => {
      const state = m.counted ? 'counted' : m.detected ? 'found, not counted' : 'not found';
      const parts = [
        state,
        ...(m.judge === 'not_judged' ? [] : [`judge: ${m.judge.replaceAll('_', ' ')}`]),
        ...(m.recommended ? ['recommended'] : []),
        ...(m.in_prompt ? ['named in the prompt'] : []),
        ...(m.evidence_quote ? [`quote “${m.evidence_quote}”`] : []),
      ];
      return `${m.name}${m.role === 'brand' ? ' (brand)' : ''}: ${parts.join(', ')}`;
    })
    .join(LIST);
}

/** "pricing: accurate, claimed “from $29”; founded: wrong, claimed “2018”". */
function factsText(view: AnswerView): string {
  return view.facts
    .map(
      (f) =>
        `${f.key}: ${f.status.replaceAll('_', ' ')}${f.claimed_value ? `, claimed “${f.claimed_value}”` : ''}`,
    )
    .join(LIST);
}

/** "https://… (cited, vendor); https://… (retrieved only, other)". */
function sourcesText(view: AnswerView): string {
  return view.sources
    .map(
      (s) =>
        `${s.url} (${s.cited ? 'cited' : 'retrieved only'}, ${s.category.replaceAll('_', ' ')})`,
    )
    .join(LIST);
}

export function answerCsvRow(view: AnswerView): string {
  const row: Record<(typeof ANSWER_CSV_COLUMNS)[number], unknown> = {
    ...view,
    brand_mentioned: brandMentioned(view),
    mentions: mentionsText(view),
    facts: factsText(view),
    sources: sourcesText(view),
    search_queries: view.search_queries.join(LIST),
    input_tokens: view.tokens.input,
    output_tokens: view.tokens.output,
  };
  return `${ANSWER_CSV_COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;
}

export function answerJsonLine(view: AnswerView): string {
  return `${JSON.stringify(view)}\n`;
}
