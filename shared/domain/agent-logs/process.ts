/**
 * Processing one upload, off the request path (the `agent-logs` queue; docs/agent-logs.md
 * "Processing"): the body is read again, line by line, every hit of a registry agent is labelled
 * against the ranges and counted into day pages, the pages are written, the upload is marked
 * done and its body deleted. Exactly once: nothing is counted until the whole log is read, the
 * pages of an upload have fixed keys and the same content each time, and a page only counts once
 * its upload is done, so a step that dies anywhere and runs again adds every line once.
 */
import { bundledRanges, createVerifier, newerRanges } from '#shared/domain/agents/ranges';
import { AppError, ERROR_CODES } from '#shared/domain/kernel/errors';
import { AgentAggregator, toDayPages } from './aggregate.ts';
import { createLineReader } from './formats.ts';
import { expand, forEachLine } from './lines.ts';
import { isSkip } from './log-line.ts';
import {
  type AgentLogDeps,
  type Ingest,
  type IngestOutcome,
  type IngestRef,
  MissingBodyError,
  type SkippedLine,
} from './ports.ts';

/** Skipped lines listed by number and reason. */
export const MAX_SKIP_REASONS = 10;

export interface LogReading {
  aggregator: AgentAggregator;
  lines: number;
  parsed: number;
  skipped: number;
  reasons: SkippedLine[];
}

/** Reads a stored log once, counting every line and every agent's hit. */
export async function readLog(
  parts: AsyncIterable<Uint8Array>,
  ingest: Pick<Ingest, 'gzip' | 'format'>,
  aggregator: AgentAggregator,
): Promise<LogReading> {
  const read = createLineReader(ingest.format);
  const reading: LogReading = { aggregator, lines: 0, parsed: 0, skipped: 0, reasons: [] };
  let number = 0;
  await forEachLine(expand(parts, ingest.gzip), (line) => {
    number += 1;
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) return undefined;
    const result = read(line);
    if (result === null) return undefined;
    reading.lines += 1;
    if (isSkip(result)) {
      reading.skipped += 1;
      if (reading.reasons.length < MAX_SKIP_REASONS) {
        reading.reasons.push({ line: number, reason: result.skip });
      }
      return undefined;
    }
    reading.parsed += 1;
    aggregator.add(result);
    return undefined;
  });
  return reading;
}

/** A failure that no retry can mend: the log itself (too large, unreadable), or its body gone. */
function isPermanent(error: unknown): boolean {
  if (error instanceof MissingBodyError) return true;
  if (!(error instanceof AppError)) return false;
  const family = ERROR_CODES[error.code].family;
  return family === 'invalid' || family === 'protocol';
}

async function countAndFinish(deps: AgentLogDeps, ref: IngestRef, ingest: Ingest): Promise<void> {
  const dataset = newerRanges(bundledRanges(), await deps.ranges.read());
  const reading = await readLog(
    deps.store.readBody(ingest.body_key, ingest.parts),
    ingest,
    new AgentAggregator(createVerifier(dataset)),
  );
  await deps.store.putDayPages(ref, toDayPages(reading.aggregator));
  const outcome: IngestOutcome = {
    lines: reading.lines,
    parsed: reading.parsed,
    skipped: reading.skipped,
    skipped_reasons: reading.reasons,
    agents: [...reading.aggregator.tokens].sort(),
    finished_at: deps.clock.now().toISOString(),
  };
  // Counted by the step that finished it: a retry that finds it done counts nothing.
  if (await deps.store.finishIngest(ref, outcome)) {
    deps.metrics?.count('AgentLogProcessed');
    deps.metrics?.count('AgentLogLines', outcome.lines);
  }
  await deps.store.deleteBody(ingest.body_key, ingest.parts);
}

/**
 * Processes one upload. A transient failure is thrown (the queue retries); on the last attempt,
 * or when no retry can help, the upload is marked `failed` with the reason.
 */
export async function processIngest(
  ref: IngestRef,
  deps: AgentLogDeps,
  options: { lastAttempt: boolean },
): Promise<void> {
  const found = await deps.store.getIngest(ref);
  if (!found) return;
  if (found.status === 'done' || found.status === 'failed') {
    // A retry after the upload was finished: only the body's deletion may be left to do.
    await deps.store.deleteBody(found.body_key, found.parts);
    return;
  }
  const ingest = await deps.store.claimIngest(ref);
  if (!ingest) return;
  try {
    await countAndFinish(deps, ref, ingest);
  } catch (error) {
    const permanent = isPermanent(error);
    if (permanent || options.lastAttempt) {
      const reason =
        error instanceof AppError || error instanceof MissingBodyError
          ? error.message
          : 'Processing failed repeatedly; upload the log again.';
      await deps.store.failIngest(ref, reason, deps.clock.now().toISOString());
      deps.metrics?.count('AgentLogFailed');
      if (permanent) await deps.store.deleteBody(ingest.body_key, ingest.parts);
    }
    if (permanent) {
      deps.logger.warn('agent log not readable', {
        ingest_id: ref.ingest_id,
        error: error as Error,
      });
      return;
    }
    throw error;
  }
}
