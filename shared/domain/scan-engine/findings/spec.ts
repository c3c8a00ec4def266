/**
 * The shape of one finding type in the registry (docs/scan-engine.md "Finding ids"): what the
 * condition is called, how to fix it, and the standard it is judged against (a standards.ts id,
 * checked against the registry in finding-types.ts). Kept free of engine imports so the finding
 * type of `types.ts` can name the registry's ids without a cycle.
 */

/** One registry entry; the id (`<check>.<slug>`) is its key. */
export interface FindingTypeSpec<S extends string = string> {
  /** The condition in a few words ("No llms.txt"). */
  title: string;
  /** What to do about it; for a passing or informational finding, why nothing is needed. */
  fix: string;
  /** The standards.ts id this finding is judged against, when one text is the reference. */
  standard?: S;
}

/** The fix of a finding that reports a passing state. */
const PASSING = 'Nothing to fix: this is the passing state. Keep it when the site changes.';

/** A finding that reports a passing state. */
export function passing<S extends string>(title: string, standard?: S): FindingTypeSpec<S> {
  return standard === undefined ? { title, fix: PASSING } : { title, fix: PASSING, standard };
}

/** A finding that names something to fix (or, for `info`, context that needs no action). */
export function finding<S extends string>(
  title: string,
  fix: string,
  standard?: S,
): FindingTypeSpec<S> {
  return standard === undefined ? { title, fix } : { title, fix, standard };
}

/**
 * The ids every check has: its half-credit note (signals counted as half, and the best the check
 * can reach), the id given to findings stored before ids existed, and what a wall did to it
 * (issue 37: not judged, or judged on fewer documents).
 */
export function checkCommon<C extends string>(
  check: C,
): Record<
  `${C}.half_credit` | `${C}.unidentified` | `${C}.not_judged` | `${C}.fewer_documents`,
  FindingTypeSpec<'scoring'>
> {
  return {
    [`${check}.not_judged`]: finding(
      'Not judged: a wall (challenge page, WAF block, rate limit) or a 402 answered instead of the site',
      'Nothing in this check counts against the site. Let verified bots and identified agents through the wall to have it judged; a paid page (402) stays paid.',
      'scoring',
    ),
    [`${check}.fewer_documents`]: finding(
      'Judged on fewer documents than planned because of a wall or a 402',
      'Nothing to fix for the documents that were not seen; they do not count against the site.',
      'scoring',
    ),
    [`${check}.half_credit`]: finding(
      'Signals counted as half, and the best this check can reach',
      'Nothing to fix for the signals that cannot be verified from outside; the finding names them and the best score reachable. Signals the scan could not measure this time are measured again on the next scan.',
      'scoring',
    ),
    [`${check}.unidentified`]: finding(
      'A finding recorded before finding ids existed',
      'Scan again: findings of new scans carry their own id; the text of this one says what it is.',
      'scoring',
    ),
  } as Record<
    `${C}.half_credit` | `${C}.unidentified` | `${C}.not_judged` | `${C}.fewer_documents`,
    FindingTypeSpec<'scoring'>
  >;
}
