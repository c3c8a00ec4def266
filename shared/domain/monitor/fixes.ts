/**
 * `list_fixes` (addition, docs/monitor.md "Did the fix pay off?"): every check of the case's brand
 * site that went from failing (or partial) to passing in its scans, dated by the first passing
 * scan, with the case's figures over the runs before and after and a verdict
 * (engine/fix-figures.ts). Reads like `get_case`: own cases, any tenant's for monitor:admin,
 * another account's case as 404.
 */
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, readableCase } from './access.ts';
import { type BrandScanReader, brandTimeline } from './brand-scans.ts';
import { assessFix, type FixRun, sidesOf } from './engine/fix-figures.ts';
import { type CheckFix, checkFixes } from './engine/site-checks.ts';
import type { FixView, ListFixesResponse } from './fix-schemas.ts';
import type { RunsStore, StoredCase } from './ports.ts';
import { caseRefOf, runRefOf } from './run-ref.ts';
import type { CaseIdParams } from './schemas.ts';

export interface FixesDeps extends AccessDeps {
  runs: RunsStore;
  scans: BrandScanReader;
}

/** Finished runs read for the figures, newest first (two years of monthly runs). */
const RUNS_READ = 24;

export async function listFixes(
  input: CallerInput<CaseIdParams>,
  deps: FixesDeps,
): Promise<ListFixesResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  return fixesOfCase(stored, deps);
}

/** The fixes of a case already read (the API, and the public report of one of its runs). */
export async function fixesOfCase(
  stored: StoredCase,
  deps: Pick<FixesDeps, 'runs' | 'scans'>,
): Promise<ListFixesResponse> {
  const listed = await deps.runs.listRuns(caseRefOf(stored), 100);
  const done = listed.filter((run) => run.status === 'done').slice(0, RUNS_READ);
  const summaries = await Promise.all(done.map((run) => deps.runs.getSummary(runRefOf(run))));
  const runs: FixRun[] = done.flatMap((run, index) => {
    const read = summaries[index];
    return read
      ? [
          {
            run_id: run.id,
            scheduled_for: run.scheduled_for,
            finished_at: read.finished_at,
            summary: read.summary,
            canary: read.canary,
            evidence: read.evidence,
          },
        ]
      : [];
  });
  const timeline = await brandTimeline(
    deps.scans,
    stored.owner_id,
    stored.domain,
    runs.map((run) => run.summary),
  );
  const fixes = checkFixes(timeline);
  return { fixes: await Promise.all(fixes.map((fix) => viewOf(fix, runs, deps.scans))) };
}

async function viewOf(
  fix: CheckFix,
  runs: readonly FixRun[],
  scans: BrandScanReader,
): Promise<FixView> {
  const { before, after } = sidesOf(runs, fix.scan.created_at);
  const scan = await scans.getScan(fix.scan.id);
  const title = scan?.checks.find((check) => check.id === fix.check)?.title ?? fix.check;
  return {
    check: fix.check,
    title,
    domain: fix.scan.domain,
    fixed_at: fix.scan.created_at,
    scan_id: fix.scan.id,
    previous_scan_id: fix.previous.id,
    from_state: fix.from === 'warn' ? 'warn' : 'bad',
    ...assessFix(before, after),
  };
}
