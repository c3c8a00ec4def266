/**
 * The fix pack of a scan (issue 38, point 4): `get_scan_fixes`, for the API and the dashboard
 * alike. A scan made with a key is its account's: anyone else reads it as missing (404); a scan
 * made without a key is as public as the scan itself (`readableScan`).
 */
import type { OperationInput } from '#shared/domain/kernel/operation';
import { buildFixPack } from './fix-pack/fix-pack.ts';
import type { ScanFixesResponse } from './fix-schemas.ts';
import type { ScanReadDeps } from './operations.ts';
import { readableScan } from './reads.ts';
import type { ScanIdParams } from './schemas.ts';

export async function getScanFixes(
  input: OperationInput<ScanIdParams>,
  deps: ScanReadDeps,
): Promise<ScanFixesResponse> {
  return { fixes: buildFixPack(await readableScan(input.principal, input.params.id, deps)) };
}
