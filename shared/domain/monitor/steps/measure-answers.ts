/**
 * Measuring a run's stored answers with their stored judge replies (docs/monitor.md "Method"):
 * the case's answers against the case, the canary answers against the control brands. Only the
 * counted families' answers that were answered `ok`; an unreadable or failed judge reply leaves
 * the deterministic result standing.
 */
import {
  type AnswerMeasurement,
  type AnswerRecord,
  type CaseProfile,
  measureAnswer,
  parseJudgeVerdict,
} from '#shared/domain/monitor/engine/index';
import { cellKeyString, type RunData } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';

export interface MeasuredAnswer {
  record: AnswerRecord;
  measured: AnswerMeasurement;
}

export function measureAll(
  profile: CaseProfile,
  data: RunData,
  counted: readonly ProviderFamily[],
): MeasuredAnswer[] {
  const judgements = new Map(data.judgements.map((j) => [cellKeyString(j.key), j]));
  const out: MeasuredAnswer[] = [];
  for (const answer of data.answers) {
    if (answer.status !== 'ok' || !counted.includes(answer.key.family)) continue;
    const { record } = answer;
    const judgement = judgements.get(cellKeyString(answer.key));
    if (judgement?.status !== 'ok') {
      out.push({ record, measured: measureAnswer(profile, record, undefined) });
      continue;
    }
    const verdict = parseJudgeVerdict(
      judgement.raw_text,
      record.text,
      profile,
      judgement.batch_item,
    );
    const measured = measureAnswer(profile, record, verdict, {
      family: judgement.judge_family,
      model: judgement.judge_model,
      usage: judgement.usage,
      ...(judgement.calls === undefined ? {} : { calls: judgement.calls }),
    });
    out.push({ record, measured });
  }
  return out;
}
