/**
 * Findings as the store gives them back (docs/scan-engine.md "Finding ids"): a finding saved
 * before ids existed has none and reads as `<check>.unidentified`. Kept apart from the registry
 * so that every function reading scans does not bundle the registry's texts.
 */
import type { Check, Finding } from './types.ts';

/** A check as stored, with every finding carrying an id. */
export function withFindingIds(check: Check): Check {
  const findings = check.findings.map((finding): Finding => {
    const id: unknown = (finding as { id?: unknown }).id;
    return typeof id === 'string' && id !== ''
      ? finding
      : { ...finding, id: `${check.id}.unidentified` };
  });
  return { ...check, findings };
}
