/**
 * `list_finding_types` (an addition, docs/scan-engine.md "Finding ids"): every finding id the
 * engine can raise, with its check, title, fix and standard, and the scoring version the ids are
 * pinned to. Apart from the other scan operations so that their functions do not bundle the
 * registry's texts.
 */
import type { OperationInput } from '#shared/domain/kernel/operation';
import { listFindingTypes as findingTypes } from '#shared/domain/scan-engine/finding-types';
import { SCORING_VERSION } from '#shared/domain/scan-engine/types';
import type { FindingTypesResponse } from './schemas.ts';

export async function listFindingTypes(
  _input: OperationInput<unknown, unknown, unknown>,
  _deps: unknown,
): Promise<FindingTypesResponse> {
  return { finding_types: findingTypes(), scoring_version: SCORING_VERSION };
}
