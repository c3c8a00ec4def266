/**
 * Verification of a scan's fixes (issue 38, point 5): `verify_scan` scans the domain again as
 * `scan_domain` would, so it counts like any scan (the anonymous quota, a key's request rate),
 * and says which of the verified finding ids are fixed, which are still raised, and what is new.
 * Only the scan's owner may verify a scan made with a key (`readableScan`: 404 for anyone else).
 */
import { BadRequestError } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { Check } from '#shared/domain/scan-engine/types';
import type { VerifyScanBody, VerifyScanResponse } from './fix-schemas.ts';
import { type ScanReadDeps, type ScanWriteDeps, toPublicScan } from './operations.ts';
import type { StoredScan } from './ports.ts';
import { printable, readableScan } from './reads.ts';
import type { ScanIdParams } from './schemas.ts';

const actionable = (checks: readonly Check[]) =>
  new Set<string>(
    checks.flatMap((check) =>
      check.findings.filter((f) => f.state === 'warn' || f.state === 'bad').map((f) => f.id),
    ),
  );

/** Ids whose check the new scan could not measure although the scan verified could. */
function unmeasured(before: readonly Check[], after: readonly Check[]): Set<string> {
  const lost = new Set(
    after
      .filter((check) => check.max === 0 && (before.find((b) => b.id === check.id)?.max ?? 0) > 0)
      .map((check) => check.id),
  );
  return new Set(
    before
      .filter((check) => lost.has(check.id))
      .flatMap((check) => check.findings.map((finding) => finding.id)),
  );
}

/** What the new scan says of the ids verified, and what it raised that was not raised before. */
export function compareScans(
  before: StoredScan,
  after: StoredScan,
  ids: readonly string[] | undefined,
) {
  const was = actionable(before.checks);
  const now = actionable(after.checks);
  const unknown = unmeasured(before.checks, after.checks);
  const verified = ids ?? [...was];
  return {
    scan_id: after.id,
    fixed: verified.filter((id) => !now.has(id) && !unknown.has(id)),
    still: verified.filter((id) => now.has(id) || unknown.has(id)),
    new: [...now].filter((id) => !was.has(id)),
  };
}

export async function verifyScan(
  input: OperationInput<ScanIdParams, undefined, VerifyScanBody>,
  deps: ScanReadDeps & ScanWriteDeps,
): Promise<VerifyScanResponse> {
  const before = await readableScan(input.principal, input.params.id, deps);
  const ids =
    input.body.finding_ids === undefined ? undefined : [...new Set(input.body.finding_ids)];
  // Only what the scan raised can be verified; refused before the new scan spends anything.
  const raised = actionable(before.checks);
  const foreign = (ids ?? []).filter((id) => !raised.has(id));
  if (foreign.length > 0) {
    const named = foreign.slice(0, 5).map((id) => printable(id, 80));
    throw new BadRequestError(
      'invalid_request',
      `Not a warn or bad finding of scan ${before.id}: ${named.join(', ')}.`,
    );
  }
  const after = await deps.scanner.scan({
    // The origin the scan ended on (its scheme and port), else the domain as stored.
    domain: before.fix_inputs?.origin ?? before.domain,
    ownerId: input.principal.kind === 'anonymous' ? undefined : input.principal.accountId,
    sourceIp: input.request.sourceIp,
    reportLimit: input.request.reportLimit,
  });
  return {
    verification: compareScans(before, after, ids),
    scan: toPublicScan(after, input.request.links),
  };
}
