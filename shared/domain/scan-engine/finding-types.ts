/**
 * The finding-type registry as callers read it (`GET /api/v1/finding-types`, the fix pack, the
 * CLI's reports): each id with its check, title, fix and standard (docs/scan-engine.md "Finding
 * ids"). The registry itself is `findings/registry.ts`; this module checks at compile time that
 * every standard it names is in the standards registry.
 */
import { FINDING_TYPES, type FindingId } from './findings/registry.ts';
import type { FindingTypeSpec } from './findings/spec.ts';
import { type StandardId, standardRef } from './standards.ts';
import type { CheckId, FindingStandard } from './types.ts';

// Every standard the registry names is a standards.ts id (a typo fails the type check).
const STANDARDS_CHECKED: Record<
  FindingId,
  Omit<FindingTypeSpec, 'standard'> & { standard?: StandardId }
> = FINDING_TYPES;

/** One finding type as the API lists it. */
export interface FindingTypeView {
  id: FindingId;
  check: CheckId;
  title: string;
  standard?: FindingStandard;
  fix: string;
}

/** The check an id belongs to: the part before the first dot. */
export function checkOfFinding(id: FindingId): CheckId {
  return id.slice(0, id.indexOf('.')) as CheckId;
}

/** One registry entry as the API lists it. */
export function findingType(id: FindingId): FindingTypeView {
  const spec = STANDARDS_CHECKED[id];
  return {
    id,
    check: checkOfFinding(id),
    title: spec.title,
    ...(spec.standard === undefined ? {} : { standard: standardRef(spec.standard) }),
    fix: spec.fix,
  };
}

/** Every finding type, in the registry's order (report order of the checks). */
export function listFindingTypes(): FindingTypeView[] {
  return (Object.keys(STANDARDS_CHECKED) as FindingId[]).map(findingType);
}
