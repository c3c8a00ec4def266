/**
 * What the agent-log area keeps and the ports it keeps it through (docs/agent-logs.md,
 * docs/data-model.md "Agent analytics"): uploads (ingests) and their bodies until processed,
 * the day pages an upload adds, the facts of the account's latest scan of the domain, the queue
 * that processes uploads off the request path, and the refreshed ranges dataset.
 */
import type { RangesStore } from '#shared/domain/agents/ports';
import type { Clock } from '#shared/domain/kernel/clock';
import type { Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { SiteFacts } from '#shared/domain/scan-engine/site-facts';
import type { DayPage } from './aggregate.ts';
import type { LogFormat } from './log-line.ts';

export type { SiteFacts } from '#shared/domain/scan-engine/site-facts';

export const INGEST_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type IngestStatus = (typeof INGEST_STATUSES)[number];

/** Names one upload: its account, its domain (as scans store it) and its id. */
export interface IngestRef {
  owner_id: string;
  domain: string;
  ingest_id: string;
}

/** A line skipped while processing, by number and reason (never its text). */
export interface SkippedLine {
  line: number;
  reason: string;
}

/** What processing found in a log. */
export interface IngestOutcome {
  lines: number;
  parsed: number;
  skipped: number;
  skipped_reasons: SkippedLine[];
  agents: string[];
  finished_at: string;
}

export interface Ingest extends Partial<IngestOutcome> {
  id: string;
  owner_id: string;
  domain: string;
  status: IngestStatus;
  /** Bytes of the body as sent (compressed, when it was sent compressed). */
  bytes: number;
  format: LogFormat;
  /** How the stored body is encoded. */
  gzip: boolean;
  /** SHA-256 of the expanded content: the same log, compressed or not, is the same upload. */
  content_sha256: string;
  /** Where the body's parts are kept until processed (one key per body as sent). */
  body_key: string;
  parts: number;
  created_at: string;
  /** Why processing failed (`failed` only). */
  error?: string;
}

/** The body's parts are gone (kept for days only): nothing can bring them back. */
export class MissingBodyError extends Error {}

/** How long an upload's body is kept at most when processing never finishes (a backstop). */
export const BODY_KEPT_SECONDS = 3 * 24 * 3600;

export interface AgentLogStore {
  /** Whether the account has scanned the domain (its history summary exists). */
  domainScanned(ownerId: string, domain: string): Promise<boolean>;
  /** robots.txt and sitemap paths of the account's latest scan of the domain, and its id. */
  siteFacts(
    ownerId: string,
    domain: string,
  ): Promise<(SiteFacts & { scanId?: string }) | undefined>;
  getIngest(ref: IngestRef): Promise<Ingest | undefined>;
  /** Creates the upload unless it exists (the same log uploaded before): false then. */
  createIngest(ingest: Ingest): Promise<boolean>;
  /** Starts a `failed` upload over (the same log sent again): false when it is not failed. */
  retryIngest(ingest: Ingest): Promise<boolean>;
  deleteIngest(ref: IngestRef): Promise<void>;
  /** `queued` or `processing` becomes `processing`; undefined when the upload moved on. */
  claimIngest(ref: IngestRef): Promise<Ingest | undefined>;
  /** `processing` becomes `done` with the outcome; false when it already moved on. */
  finishIngest(ref: IngestRef, outcome: IngestOutcome): Promise<boolean>;
  /** Anything not finished becomes `failed` with the reason. */
  failIngest(ref: IngestRef, error: string, at: string): Promise<void>;
  /** Keeps the body's parts until processed, or until `expiresAt` (epoch seconds) at most. */
  putBody(bodyKey: string, parts: readonly Uint8Array[], expiresAt: number): Promise<void>;
  readBody(bodyKey: string, parts: number): AsyncIterable<Uint8Array>;
  deleteBody(bodyKey: string, parts: number): Promise<void>;
  /** Writes (or overwrites with the same content) the day pages of one upload. */
  putDayPages(ref: IngestRef, pages: readonly DayPage[]): Promise<void>;
  /** Every upload of the account's domain (id and status at least). */
  listIngests(ownerId: string, domain: string): Promise<Ingest[]>;
  /** The day pages of the days `from`..`to` (inclusive), each with its upload's id. */
  readDayPages(
    ownerId: string,
    domain: string,
    from: string,
    to: string,
  ): Promise<(DayPage & { ingest_id: string })[]>;
}

/** Processing off the request path: one message per upload. */
export interface IngestQueue {
  enqueue(ref: IngestRef): Promise<void>;
}

export interface AgentLogDeps {
  store: AgentLogStore;
  queue: IngestQueue;
  ranges: RangesStore;
  clock: Clock;
  logger: Logger;
  /** Uploads processed and failed, and lines read (docs/runbook.md); absent in unit tests. */
  metrics?: Metrics;
}
