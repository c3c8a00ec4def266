/**
 * `POST /api/v1/domains/{domain}/agent-logs` (docs/agent-logs.md "Uploading"): checks the domain
 * and the body (at most 6 MB as sent, at most 200 MB expanded, a log in a format we read), names
 * the upload after its expanded content, keeps the body until processed and queues it. The same
 * log again, compressed or not, finds the upload it made before (200) and counts nothing twice;
 * only an upload that failed is taken up again (202), its pages never having counted.
 * Refused input leaves nothing behind; a queue that cannot take the upload undoes it (503).
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  BadRequestError,
  NotFoundError,
  UnavailableError,
} from '#shared/domain/kernel/errors';
import { nameBasedUuid } from '#shared/domain/kernel/ids';
import {
  answeredWith,
  type CallerInput,
  type RawBody,
  type WithStatus,
} from '#shared/domain/kernel/operation';
import { badgeDomain, printable } from '#shared/domain/scans/reads';
import { decideFormat, SAMPLE_LINES } from './formats.ts';
import { expand, forEachLine, looksGzipped } from './lines.ts';
import { type AgentLogDeps, BODY_KEPT_SECONDS, type Ingest, type IngestRef } from './ports.ts';
import type {
  AgentLogDomainParams,
  UploadAgentLogQuery,
  UploadAgentLogResponse,
} from './schemas.ts';

/** The Lambda payload limit: larger logs go up in parts. */
export const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
/** Expanded bytes cut into lines for the format's sample: far more than a hundred lines. */
const SAMPLE_BYTES = 256 * 1024;
/** Bytes of the body per stored part (a store item holds at most 400 KB). */
export const PART_BYTES = 350 * 1024;

const TEXT_TYPES = new Set([
  'text/plain',
  'application/x-ndjson',
  'application/jsonl',
  'application/json-seq',
]);
const GZIP_TYPES = new Set(['application/gzip', 'application/x-gzip']);

/** The domain as scans store it, or 400 `invalid_domain`. */
export function domainOf(text: string): string {
  const domain = badgeDomain(text);
  if (domain === undefined) {
    throw new BadRequestError('invalid_domain', `"${printable(text, 64)}" is not a domain.`);
  }
  return domain;
}

/** 404 for a domain the account never scanned (another account's reads the same). */
export async function requireScannedDomain(
  deps: Pick<AgentLogDeps, 'store'>,
  ownerId: string,
  domain: string,
): Promise<void> {
  if (!(await deps.store.domainScanned(ownerId, domain))) {
    throw new NotFoundError(
      `This account has not scanned "${printable(domain, 64)}": scan it first, then upload its logs.`,
    );
  }
}

/** Whether the body is gzip (by its headers, or by its first bytes when sent as text). */
function isGzip(body: RawBody): boolean {
  if (body.contentEncoding === 'gzip' || GZIP_TYPES.has(body.contentType)) return true;
  const known =
    TEXT_TYPES.has(body.contentType) ||
    body.contentType.startsWith('text/') ||
    body.contentType === 'application/octet-stream';
  if (!known) {
    throw new BadRequestError(
      'invalid_request',
      'Send the log as text/plain, or gzip-compressed (Content-Encoding: gzip or Content-Type: application/gzip).',
    );
  }
  if (body.contentEncoding !== '' && body.contentEncoding !== 'identity') {
    throw new BadRequestError('invalid_request', 'Only gzip compression is accepted.');
  }
  return looksGzipped(body.bytes);
}

/**
 * The expanded content's hash and its first lines (blank lines left out), reading the body once:
 * every chunk is hashed, and only the first ones are cut into lines for the sample.
 */
async function inspect(
  body: RawBody,
  gzip: boolean,
): Promise<{ sha256: string; sample: string[] }> {
  const hash = createHash('sha256');
  const sample: string[] = [];
  const head: Uint8Array[] = [];
  let headBytes = 0;
  for await (const chunk of expand([body.bytes], gzip)) {
    hash.update(chunk);
    if (headBytes < SAMPLE_BYTES) {
      head.push(chunk);
      headBytes += chunk.length;
    }
  }
  await forEachLine(
    (async function* () {
      yield* head;
    })(),
    (line) => {
      if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) return undefined;
      sample.push(line);
      return sample.length < SAMPLE_LINES;
    },
  );
  return { sha256: hash.digest('hex'), sample };
}

function partsOf(bytes: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += PART_BYTES) {
    parts.push(bytes.subarray(start, Math.min(bytes.length, start + PART_BYTES)));
  }
  return parts;
}

function summary(ingest: Ingest): UploadAgentLogResponse {
  const { id, domain, status, bytes, format } = ingest;
  return { ingest: { id, domain, status, bytes, format } };
}

/** An upload found again: a queued one is queued again (its first message may have been lost). */
async function existing(
  deps: AgentLogDeps,
  ingest: Ingest,
): Promise<WithStatus<UploadAgentLogResponse>> {
  if (ingest.status === 'queued') {
    await deps.queue.enqueue({
      owner_id: ingest.owner_id,
      domain: ingest.domain,
      ingest_id: ingest.id,
    });
  }
  return answeredWith(200, summary(ingest));
}

/** Takes the upload back when it could not be queued: nothing half-made stays. */
async function undo(deps: AgentLogDeps, ref: IngestRef, ingest: Ingest): Promise<void> {
  try {
    await deps.store.deleteIngest(ref);
    await deps.store.deleteBody(ingest.body_key, ingest.parts);
  } catch (error) {
    deps.logger.warn('agent log upload not undone', {
      ingest_id: ref.ingest_id,
      error: error as Error,
    });
  }
}

/** The upload as first stored: queued, its body kept under a key of the body as sent. */
function queuedIngest(
  ref: IngestRef,
  body: RawBody,
  read: { gzip: boolean; sha256: string; format: Ingest['format']; parts: number },
  deps: Pick<AgentLogDeps, 'clock'>,
): Ingest {
  const sent = createHash('sha256').update(body.bytes).digest('hex').slice(0, 16);
  return {
    id: ref.ingest_id,
    owner_id: ref.owner_id,
    domain: ref.domain,
    status: 'queued',
    bytes: body.bytes.length,
    format: read.format,
    gzip: read.gzip,
    content_sha256: read.sha256,
    // Per body as sent: the same log sent compressed and plain at once never shares parts.
    body_key: `${ref.ingest_id}#${sent}`,
    parts: read.parts,
    created_at: deps.clock.now().toISOString(),
  };
}

export async function uploadAgentLog(
  input: CallerInput<AgentLogDomainParams, UploadAgentLogQuery, RawBody>,
  deps: AgentLogDeps,
): Promise<WithStatus<UploadAgentLogResponse>> {
  const ownerId = input.principal.accountId;
  const domain = domainOf(input.params.domain);
  await requireScannedDomain(deps, ownerId, domain);
  const body = input.body;
  if (body.bytes.length > MAX_UPLOAD_BYTES) {
    throw new AppError('payload_too_large', 'The body exceeds 6 MB; upload the log in parts.');
  }
  const gzip = isGzip(body);
  const { sha256, sample } = await inspect(body, gzip);
  const format = decideFormat(sample, input.query.format);
  const ref: IngestRef = {
    owner_id: ownerId,
    domain,
    ingest_id: nameBasedUuid(`agent-log:${ownerId}:${domain}:${sha256}`),
  };
  const before = await deps.store.getIngest(ref);
  // A failed upload sent again is processed again; any other is answered as it is.
  if (before && before.status !== 'failed') return existing(deps, before);
  const parts = partsOf(body.bytes);
  const ingest = queuedIngest(ref, body, { gzip, sha256, format, parts: parts.length }, deps);
  const keepUntil = Math.floor(deps.clock.now().getTime() / 1000) + BODY_KEPT_SECONDS;
  await deps.store.putBody(ingest.body_key, parts, keepUntil);
  const made = before
    ? await deps.store.retryIngest(ingest)
    : await deps.store.createIngest(ingest);
  if (!made) {
    const raced = await deps.store.getIngest(ref);
    if (raced?.body_key !== ingest.body_key)
      await deps.store.deleteBody(ingest.body_key, ingest.parts);
    if (raced) return existing(deps, raced);
  }
  try {
    await deps.queue.enqueue(ref);
  } catch (error) {
    await undo(deps, ref, ingest);
    if (error instanceof AppError) throw error;
    throw new UnavailableError(
      'service_unavailable',
      'The log could not be queued for processing; nothing was kept. Retry in a moment.',
      { cause: error, retryAfterSeconds: 5 },
    );
  }
  return summary(ingest);
}
