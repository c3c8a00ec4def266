/** Stored cases and runs as the API shows them (schemas.ts). */
import type { StoredCase, StoredRun } from './ports.ts';
import type { CaseDetail, CaseListEntry, RunView } from './schemas.ts';

export function caseListEntry(stored: StoredCase, ownerEmail?: string): CaseListEntry {
  return {
    id: stored.id,
    user_id: stored.owner_id,
    name: stored.name,
    domain: stored.domain,
    category: stored.category,
    competitors: stored.competitors.map((c) => c.name),
    region: stored.region,
    languages: stored.languages,
    status: stored.status,
    latest_score: stored.latest_score,
    last_run_at: stored.last_run_at,
    ...(ownerEmail === undefined ? {} : { owner_email: ownerEmail }),
  };
}

export function caseDetail(stored: StoredCase): CaseDetail {
  return {
    id: stored.id,
    user_id: stored.owner_id,
    name: stored.name,
    domain: stored.domain,
    category: stored.category,
    icp: stored.icp,
    competitors: stored.competitors.map((c) => c.name),
    use_cases: stored.use_cases,
    region: stored.region,
    languages: stored.languages,
    fact_sheet: stored.fact_sheet,
    translations: stored.translations ?? {},
    status: stored.status,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    aliases: stored.aliases,
    competitor_profiles: stored.competitors,
    competitor_domains: Object.fromEntries(
      stored.competitors.flatMap((c) => (c.domain ? [[c.name, c.domain]] : [])),
    ),
    latest_score: stored.latest_score,
    last_run_at: stored.last_run_at,
  };
}

export function runView(run: StoredRun): RunView {
  return {
    id: run.id,
    label: run.label,
    kind: run.kind,
    status: run.status,
    scheduled_for: run.scheduled_for,
    finished_at: run.finished_at,
    total_score: run.total_score,
    delta: run.delta,
    error: run.error,
  };
}
