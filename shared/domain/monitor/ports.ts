/**
 * What the monitor keeps (docs/monitor.md "Data"), and the store ports its operations and
 * workflow steps use. A case or run is named by its reference (run-ref.ts), which carries the
 * owner's id: every read of a case or run is keyed by it.
 */

import type { AuditEvent } from '#shared/domain/audit/events';
import type { AskMode, ProviderFamily, TokenUsage } from '#shared/domain/monitor/provider-port';
import type { AnswerRecord, CaseProfile, RunSummary } from './engine/index.ts';
import type { RunCanary } from './engine/loop-schema.ts';
import type { ReadinessGaps } from './engine/readiness-schema.ts';
import type { RunEvidence } from './engine/run-evidence.ts';
import type { CaseRef, RunRef } from './run-ref.ts';
import type { CaseStatus, RunKind, RunStatus } from './schemas.ts';

/** A case as stored: the fields measurement reads (CaseProfile) plus ownership and state. */
export interface StoredCase extends CaseProfile {
  owner_id: string;
  status: CaseStatus;
  created_at: string;
  updated_at: string;
  /** From the latest run that finished `done`; null before the first. */
  latest_score: number | null;
  last_run_at: string | null;
  latest_run_id: string | null;
}

export type CaseChanges = Partial<
  Pick<
    StoredCase,
    | 'name'
    | 'domain'
    | 'aliases'
    | 'category'
    | 'icp'
    | 'competitors'
    | 'use_cases'
    | 'region'
    | 'languages'
    | 'fact_sheet'
    | 'translations'
    | 'prompt_edits'
    | 'status'
  >
>;

export interface CasePage {
  cases: StoredCase[];
  cursor: string | null;
}

/**
 * Which case holds each identity of an owner's active cases (case-identity.ts): the claims
 * kept by the cases store.
 */
export interface CaseIdentityClaims {
  /** The case holding this identity of the owner, if a claim exists. */
  holder(ownerId: string, identity: string): Promise<string | undefined>;
  /**
   * Makes `caseId` the holder: only if there is no claim (`previous` undefined) or the claim
   * still names `previous`. False when someone else changed the claim first.
   */
  take(ownerId: string, identity: string, caseId: string, previous?: string): Promise<boolean>;
  /** Removes the claim if `caseId` holds it. */
  release(ownerId: string, identity: string, caseId: string): Promise<void>;
}

export interface CasesStore {
  /** Claims the id (owner pointer) and writes the case with its `case.created` event, at once. */
  createCase(stored: StoredCase, audit: AuditEvent): Promise<void>;
  getCase(ref: CaseRef): Promise<StoredCase | undefined>;
  /** The owner of a case id, for monitor:admin reads and the workflow; undefined if unknown. */
  findOwner(caseId: string): Promise<string | undefined>;
  /**
   * Applies the changes to an existing case with their audit events (at least one), at once;
   * undefined when there is no case.
   */
  updateCase(
    ref: CaseRef,
    changes: CaseChanges,
    updatedAt: string,
    audits: readonly AuditEvent[],
  ): Promise<StoredCase | undefined>;
  /** One owner's cases, newest first; `q` as in `foldForSearch`. */
  listCases(ownerId: string, page: PageRequest): Promise<CasePage>;
  /** Every tenant's cases, newest first (monitor:admin). */
  listAllCases(page: PageRequest): Promise<CasePage>;
  /** Every case (the monthly schedule, the simulator's case source). */
  allCases(): Promise<StoredCase[]>;
  /** Records a finished run on its case unless a later run is recorded already. */
  recordLatestRun(run: RunRef, latest: { score: number; finished_at: string }): Promise<boolean>;
  /** Which case holds each identity of an owner's active cases (case-identity.ts). */
  identities: CaseIdentityClaims;
}

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
}

export interface StoredRun {
  id: string;
  case_id: string;
  owner_id: string;
  kind: RunKind;
  label: string;
  /** `YYYY-MM` of a monthly run; null for manual runs. */
  period: string | null;
  status: RunStatus;
  scheduled_for: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  total_score: number | null;
  delta: number | null;
  error: string | null;
  /** The case as it was when the run was requested: a later edit does not change the run. */
  profile: CaseProfile;
  /** Fixed by the first Prepare step, so a resumed run asks the same prompts. */
  plan: RunPlan | null;
  excluded_models: ProviderFamily[];
}

export interface RunPlan {
  prompts_per_block: number;
  repeats: number;
  prompt_set_version: string;
  cells: number;
  /** Canary prompts asked per family and mode (engine/canaries.ts); absent in older runs: none. */
  canaries?: number;
  canary_set_version?: string;
}

export type RunOutcome =
  | {
      status: 'done';
      finished_at: string;
      total_score: number;
      delta: number;
      excluded_models: ProviderFamily[];
    }
  | { status: 'failed'; finished_at: string; error: string };

export interface LockResult {
  acquired: boolean;
  /** The run whose expired lease this acquisition took over. */
  tookOverRunId?: string | undefined;
}

export interface StoredSummary {
  run_id: string;
  finished_at: string;
  summary: RunSummary;
  /** `run.canary` of the run (absent for runs from before canaries). */
  canary?: RunCanary;
  /** What a later run needs to explain its changes against this one (engine/run-evidence.ts). */
  evidence?: RunEvidence;
}

/** The lease of a case's run lock: taken at `now`, for `seconds`. */
export interface Lease {
  now: Date;
  seconds: number;
}

export interface RunsStore {
  /** Takes the case's run lock for this run: free, or its lease over. */
  acquireLock(run: RunRef, lease: Lease): Promise<LockResult>;
  /** Extends the lock for this run, or takes it again when it is free or expired. */
  renewLock(run: RunRef, lease: Lease): Promise<boolean>;
  /** Deletes the lock if this run holds it; false otherwise (already released, or another's). */
  releaseLock(run: RunRef): Promise<boolean>;
  /** Claims a monthly period (`YYYY-MM`) of the run's case once; false when claimed before. */
  claimPeriod(run: RunRef, period: string): Promise<boolean>;
  releasePeriod(run: RunRef, period: string): Promise<void>;
  /** Writes a new run, with its `run.started` event when it has one (at once). */
  createRun(run: StoredRun, audit?: AuditEvent): Promise<void>;
  /** Deletes a run that could not start, and the event written with it (at once). */
  deleteRun(run: RunRef, audit?: AuditEvent): Promise<void>;
  getRun(run: RunRef): Promise<StoredRun | undefined>;
  /** Newest first, without the case snapshot. */
  listRuns(ref: CaseRef, limit: number): Promise<StoredRun[]>;
  /** The latest run of the case created before this one that finished `done`. */
  findPrecedingDoneRun(run: RunRef): Promise<StoredRun | undefined>;
  /** queued -> running; false when not queued any more. */
  markRunning(run: RunRef, at: string): Promise<boolean>;
  /** Sets the plan once and returns the one stored (an earlier attempt's, if any). */
  setPlan(run: RunRef, plan: RunPlan): Promise<RunPlan>;
  /** Sets the end state once; false when the run had one already. */
  finishRun(run: RunRef, outcome: RunOutcome): Promise<boolean>;
  /** Stores the summary once and returns what is stored (an earlier attempt's, if any). */
  putSummary(run: RunRef, stored: Omit<StoredSummary, 'run_id'>): Promise<StoredSummary>;
  getSummary(run: RunRef): Promise<StoredSummary | undefined>;
  /** Runs without an end state, across tenants (the local stack resumes them). */
  listOpenRuns(): Promise<StoredRun[]>;
}

/** Where one answer sits in a run: family, mode and prompt cell. */
export interface CellKey {
  family: ProviderFamily;
  mode: AskMode;
  cell_id: string;
}

export type StoredAnswer =
  | { status: 'ok'; key: CellKey; record: AnswerRecord; answered_at: string }
  | { status: 'failed'; key: CellKey; error: string; answered_at: string };

export type StoredJudgement =
  | {
      status: 'ok';
      key: CellKey;
      judge_family: ProviderFamily;
      judge_model: string;
      usage: TokenUsage;
      latency_ms: number;
      /** The judge's reply exactly as received: a later version can parse it again. */
      raw_text: string;
      /** This answer's id inside a judge-v3 call of several answers; absent for judge-v2 replies. */
      batch_item?: string;
      /**
       * The share of provider calls this answer accounts for (absent: 1): 1/n for each of the n
       * answers a call judged; `usage` is the same share of the call's tokens.
       */
      calls?: number;
      judged_at: string;
    }
  | {
      status: 'failed';
      key: CellKey;
      judge_family: ProviderFamily;
      error: string;
      judged_at: string;
    };

export interface FamilyStatus {
  family: ProviderFamily;
  /** Gave up in the ask phase: listed in `excluded_models`, its answers are not counted. */
  excluded: boolean;
  excluded_reason: string | null;
  /** Gave up as a judge: the answers it should have judged keep their deterministic result. */
  judge_unavailable: boolean;
}

export interface RunData {
  answers: StoredAnswer[];
  judgements: StoredJudgement[];
  families: FamilyStatus[];
}

/**
 * What the filters read of an answer, and the grid of the answers page: kept per answer in the
 * run's answer index, so a page of a finished run filters without measuring every answer again
 * (`answer-filters.ts` makes them from an answer's view and matches them).
 */
export interface AnswerFacets {
  id: string;
  family: ProviderFamily;
  mode: AskMode;
  block: AnswerRecord['block'];
  prompt_id: string;
  /** The brand's mention counts (the `mentioned` filter). */
  mentioned: boolean;
  /** Names, lower-cased, whose mention counts toward their share of answer (`entity`). */
  share: string[];
  /** Domains of the sources the answer cites (`cited_domain`). */
  cited: string[];
  /** Categories of the sources the answer cites (`citation_category`). */
  categories: string[];
}

/**
 * One answer in the run's answer index: what the list's filters and the answers page's grid read
 * (`AnswerFacets`), and the cell to read the answer itself by.
 */
export interface IndexedAnswer extends AnswerFacets {
  cell_id: string;
}

/**
 * A finished run's answer index (docs/decisions.md "The answers page"), written once by
 * AggregateRun: every `ok` answer's facets in id order, and each prompt's text by its id.
 */
export interface AnswerIndex {
  entries: IndexedAnswer[];
  prompts: Record<string, string>;
}

/** A run's answers, judge replies and family states (`USER#<owner>#RUN#<run>`). */
export interface RunDataStore {
  /** Cells of a family that have an answer or a recorded failure. */
  answeredCells(run: RunRef, family: ProviderFamily): Promise<Set<string>>;
  /** Cells of a family whose answer is `ok`. */
  answeredOkCells(run: RunRef, family: ProviderFamily): Promise<Set<string>>;
  putAnswer(run: RunRef, answer: StoredAnswer): Promise<boolean>;
  getAnswer(run: RunRef, key: CellKey): Promise<StoredAnswer | undefined>;
  /** Cells of an answering family that have a judge reply (or a recorded judge failure). */
  judgedCells(run: RunRef, family: ProviderFamily): Promise<Set<string>>;
  putJudgement(run: RunRef, judgement: StoredJudgement): Promise<boolean>;
  getFamily(run: RunRef, family: ProviderFamily): Promise<FamilyStatus>;
  excludeFamily(run: RunRef, family: ProviderFamily, reason: string): Promise<void>;
  markJudgeUnavailable(run: RunRef, family: ProviderFamily): Promise<void>;
  loadRunData(run: RunRef): Promise<RunData>;
  /** Stores the run's answer index (a repeated write stores the same index again). */
  putAnswerIndex(run: RunRef, index: AnswerIndex): Promise<void>;
  /** The run's answer index; undefined for a run finished before indexes were written. */
  loadAnswerIndex(run: RunRef): Promise<AnswerIndex | undefined>;
  /** These answers and their judge replies (those that exist), read by key. */
  loadCells(
    run: RunRef,
    keys: readonly CellKey[],
  ): Promise<Pick<RunData, 'answers' | 'judgements'>>;
  /**
   * Deletes the run's answers, judge replies and answer index (not its summary); the deleted
   * answers' cells (`cellKeyString`).
   */
  deleteAnswers(run: RunRef): Promise<string[]>;
}

/** The cell key as one string: `<family>#<mode>#<cell id>`. */
export function cellKeyString(key: CellKey): string {
  return `${key.family}#${key.mode}#${key.cell_id}`;
}

/**
 * A run's readiness gaps (docs/monitor.md "Readiness of the cited pages"), written once by the
 * ScanCitedSites step and folded into the summary by AggregateRun.
 */
export interface ReadinessStore {
  /** Stores the gaps unless the run has some already; returns what is stored. */
  putReadiness(run: RunRef, gaps: ReadinessGaps): Promise<ReadinessGaps>;
  getReadiness(run: RunRef): Promise<ReadinessGaps | undefined>;
}
