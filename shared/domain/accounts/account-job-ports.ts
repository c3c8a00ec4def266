/**
 * What an account's export and erasure keep in the store (docs/data-model.md "Export and
 * erasure"): the export's record and its JSON lines, the erasure's progress on the account's
 * record, and the walk over everything the account owns that both page through (the adapter
 * knows the table's keys; the domain knows what is kept and why).
 */
import type { AuditEvent } from '#shared/domain/audit/events';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Where a walk over the account's data stands: its phase, and the cursor within it. */
export interface WalkProgress {
  phase: number;
  cursor: string | null;
  /** Pages read so far in this phase (names the export's parts, so a retry rewrites them). */
  page: number;
}

export const WALK_START: WalkProgress = { phase: 0, cursor: null, page: 0 };

export interface StoredExport {
  id: string;
  account_id: string;
  status: ExportStatus;
  requested_by: string;
  created_at: string;
  finished_at: string | null;
  /** Epoch seconds: the export and its lines are kept until then. */
  expires_at: number;
  progress: WalkProgress;
  error: string | null;
}

/** One page of the export: its JSON lines, and where the walk goes next (null: finished). */
export interface ExportPage {
  lines: string[];
  next: WalkProgress | null;
}

export interface ExportStore {
  /** Writes the export's record with its `account.export_requested` event, at once. */
  createExport(record: StoredExport, audit: AuditEvent): Promise<void>;
  getExport(accountId: string, exportId: string): Promise<StoredExport | undefined>;
  /** The next page of everything the account owns, as JSON lines. */
  readPage(accountId: string, progress: WalkProgress): Promise<ExportPage>;
  /**
   * Stores a page's lines (under keys named by its progress, so a retried page replaces them)
   * and moves the export on, if it still stands at `from`; false when it moved on already.
   */
  savePage(
    record: StoredExport,
    from: WalkProgress,
    page: ExportPage,
    at: string,
  ): Promise<boolean>;
  markFailed(record: StoredExport, error: string, at: string): Promise<void>;
  /** The export's JSON lines in order (a finished export). */
  readLines(record: StoredExport): Promise<string>;
  /** Exports not finished (the local stack resumes them at start). */
  listOpenExports(): Promise<StoredExport[]>;
}

/** The erasure of an account as its record holds it. */
export interface ErasureState {
  account_id: string;
  requested_at: string;
  status: 'queued' | 'running' | 'done';
  phase: number;
  finished_at: string | null;
}

export interface ErasureStore {
  /**
   * Marks the account as being erased (no key or session acts for it from then on) with its
   * `account.erasure_requested` event, at once; false when it is being erased already.
   */
  requestErasure(accountId: string, at: string, audit: AuditEvent): Promise<boolean>;
  getErasure(accountId: string): Promise<ErasureState | undefined>;
  /**
   * Erases one page of the phase the erasure stands at: what it found there, deleted (or made
   * ownerless: public scans); nothing found moves it to the next phase. Idempotent: a page
   * repeated after a crash finds what is left and deletes that.
   */
  erasePage(accountId: string): Promise<{ erased: number; done: boolean }>;
  /** The erasure finished: the account's record stays as its tombstone (no personal data). */
  finishErasure(accountId: string, at: string): Promise<void>;
  /** Erasures not finished (the local stack resumes them at start). */
  listOpenErasures(): Promise<ErasureState[]>;
}
