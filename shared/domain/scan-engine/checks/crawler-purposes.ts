/**
 * Training-preference groups (draft-kelley-aipref-training-preference-signal-00): ordinary
 * robots.txt groups keyed by a purpose token of the AI preferences vocabulary (vocab-08 labels
 * `train-ai`, `search`) instead of a crawler's name. No crawler is called that, so such a group
 * blocks nobody: it states a usage preference, and the scan reads it as declared policy, never
 * as a crawl block (issue 28).
 */
import type { ParsedRobots } from '#shared/domain/scan-engine/robots';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

export const PURPOSE_TOKENS = ['train-ai', 'search'] as const;

export interface PurposeGroup {
  token: string;
  /** `n` when the group disallows the whole site, `y` when it allows it, else "some paths". */
  preference: 'y' | 'n' | 'some paths';
  line: number;
}

export function purposeGroups(robots: ParsedRobots): PurposeGroup[] {
  const groups: PurposeGroup[] = [];
  for (const group of robots.groups) {
    for (const token of group.userAgents) {
      if (!(PURPOSE_TOKENS as readonly string[]).includes(token)) continue;
      const root = group.rules.filter((rule) => rule.pattern === '/' || rule.pattern === '/*');
      const disallowsAll = root.some((rule) => !rule.allow) && !root.some((rule) => rule.allow);
      const preference = disallowsAll
        ? 'n'
        : group.rules.every((rule) => rule.allow)
          ? 'y'
          : 'some paths';
      groups.push({ token, preference, line: group.line });
    }
  }
  return groups;
}

export function purposeFindings(groups: readonly PurposeGroup[]): Finding[] {
  return groups.map((group) => ({
    id: 'crawler.usage_preference_group',
    state: 'info',
    standard: standardRef('aipref-training'),
    text: `robots.txt line ${group.line}: the group "User-agent: ${group.token}" states a usage preference (${group.token}=${group.preference}), read as policy; it blocks no crawler.`,
  }));
}
