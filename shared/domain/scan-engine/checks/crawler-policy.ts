/**
 * The declared-policy signals of the crawler check: named AI groups or Content-Signal lines,
 * and whether the Content-Signal lines are valid. They only speak for a file crawlers could
 * read; otherwise they lose their points silently to the robots.txt finding (one finding per
 * cause, and no advice to edit a file nobody can read).
 */

import { ALL_AI_TOKENS } from '#shared/domain/scan-engine/ai-tokens';
import {
  AIPREF_LABELS,
  judgeUsage,
  splitRobotsUsage,
} from '#shared/domain/scan-engine/parse/content-usage';
import {
  allContentSignals,
  allContentUsages,
  contentSignalProblems,
  namesAnyToken,
  type ParsedRobots,
  type RobotsRecord,
} from '#shared/domain/scan-engine/robots';
import type { RobotsPolicy } from '#shared/domain/scan-engine/robots-policy';
import { fail, pass, type Signal } from '#shared/domain/scan-engine/scoring';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';
import { purposeFindings, purposeGroups } from './crawler-purposes.ts';

/** The homepage's response headers, where header-borne preferences are read. */
export type HomepageHeaders = Readonly<Record<string, string>>;

export function explicitPolicySignal(policy: RobotsPolicy, headers: HomepageHeaders): Signal {
  const key = 'explicit-policy';
  if (policy.kind !== 'file' || policy.rules === undefined) {
    return fail(key, 2);
  }
  const named = namesAnyToken(policy.rules, ALL_AI_TOKENS);
  const purposes = purposeGroups(policy.rules);
  const usage = usageFindings(policy.rules, headers['content-usage']);
  const licenses = policy.rules.licenses;
  const hasSignals = allContentSignals(policy.rules).length > 0;
  const parts = [
    named.length > 0 ? `named AI groups (${named.join(', ')})` : '',
    hasSignals ? 'Content-Signal preferences' : '',
    usage.valid.length > 0 ? `Content-Usage preferences (${usage.valid.join('; ')})` : '',
    licenses.length > 0 ? `an RSL license (${licenses.map((l) => l.value).join(', ')})` : '',
    purposes.length > 0
      ? `training-preference groups (${purposes.map((p) => `${p.token}=${p.preference}`).join(', ')})`
      : '',
  ].filter(Boolean);
  const extra = [...usage.findings, ...licenseFindings(licenses), ...purposeFindings(purposes)];
  if (parts.length > 0) {
    return pass(
      key,
      2,
      {
        id: 'crawler.ai_policy_declared',
        state: 'good',
        text: `robots.txt declares an explicit AI policy: ${parts.join(' and ')}.`,
      },
      ...extra,
    );
  }
  return fail(key, 2, ...extra, {
    id: 'crawler.no_ai_policy',
    state: 'warn',
    text: 'No AI crawler is named in robots.txt and no Content-Signal, Content-Usage or RSL License line is present; AI bots only inherit the * rules. Add groups for the AI crawlers (e.g. OAI-SearchBot, Claude-SearchBot) or a Content-Signal line.',
  });
}

const AIPREF = standardRef('aipref-attach');

/** Content-Usage lines and header, each judged as an RFC 9651 dictionary (aipref-vocab). */
function usageFindings(
  rules: ParsedRobots,
  header: string | undefined,
): { valid: string[]; findings: Finding[] } {
  const sources = [
    ...allContentUsages(rules).map((record) => ({
      where: `robots.txt line ${record.line}`,
      ...splitRobotsUsage(record.value),
    })),
    ...(header === undefined ? [] : [{ where: 'the Content-Usage header', preference: header }]),
  ];
  const valid: string[] = [];
  const findings: Finding[] = [];
  for (const source of sources) {
    const judged = judgeUsage(source.preference);
    const scope = source.path === undefined ? '' : ` for ${source.path}`;
    if (!judged.valid) {
      findings.push({
        id: 'crawler.content_usage_invalid',
        state: 'bad',
        standard: standardRef('rfc9651'),
        text: `Content-Usage in ${source.where} is not an RFC 9651 dictionary (${judged.error}); AI crawlers read no preference from it. Write labels from draft-ietf-aipref-vocab, e.g. "Content-Usage: train-ai=n, search=y".`,
      });
      continue;
    }
    valid.push(`${judged.stated.join(', ') || 'no known label'}${scope}`);
    if (judged.ignored.length > 0) {
      findings.push({
        id: 'crawler.content_usage_unknown_label',
        state: 'warn',
        standard: standardRef('aipref-vocab'),
        text: `Content-Usage in ${source.where}: ${judged.ignored.join('; ')}; readers ignore it (preference unknown). The vocabulary labels are ${AIPREF_LABELS.join(' and ')}, with y or n.`,
      });
    } else if (source.where.startsWith('the')) {
      findings.push({
        id: 'crawler.content_usage_header',
        state: 'good',
        standard: AIPREF,
        text: `The homepage sends Content-Usage: ${source.preference}.`,
      });
    }
  }
  return { valid, findings };
}

/** RSL 1.0: `License:` names an absolute URL of an RSL license or feed. */
function licenseFindings(licenses: readonly RobotsRecord[]): Finding[] {
  return licenses
    .filter((record) => !/^https?:\/\/[^\s]+$/i.test(record.value))
    .map((record) => ({
      id: 'crawler.rsl_license_not_url',
      state: 'bad' as const,
      standard: standardRef('rsl'),
      text: `robots.txt line ${record.line} "License: ${record.value}" is not an absolute URL; RSL 1.0 needs the full URL of the license document.`,
    }));
}

export function contentSignalSignal(policy: RobotsPolicy, headers: HomepageHeaders): Signal {
  const key = 'content-signal';
  if (policy.kind !== 'file' || policy.rules === undefined) {
    return fail(key, 1);
  }
  const records = allContentSignals(policy.rules);
  const header = headers['content-signal'];
  if (records.length === 0 && header !== undefined) {
    return contentSignalHeader(key, header);
  }
  if (records.length === 0) {
    return fail(key, 1, {
      id: 'crawler.content_signal_missing',
      state: 'warn',
      text: 'No Content-Signal line in robots.txt. Add one (e.g. "Content-Signal: search=yes, ai-input=yes, ai-train=no") to state how AI may use your content.',
    });
  }
  const problems = records.flatMap((record) =>
    contentSignalProblems(record.value).map((problem) => `line ${record.line}: ${problem}`),
  );
  if (problems.length > 0) {
    return fail(key, 1, {
      id: 'crawler.content_signal_invalid',
      state: 'bad',
      text: `Content-Signal is invalid (${problems.join('; ')}). Use keys search, ai-input, ai-train with values yes or no.`,
    });
  }
  return pass(key, 1, {
    id: 'crawler.content_signal_valid',
    state: 'good',
    text: `Content-Signal is valid: ${records.map((record) => record.value).join(' | ')}.`,
  });
}

/** A Content-Signal HTTP header on the homepage (as Cloudflare's markdown for agents sends). */
function contentSignalHeader(key: string, header: string): Signal {
  const problems = contentSignalProblems(header);
  if (problems.length > 0) {
    return fail(key, 1, {
      id: 'crawler.content_signal_header_invalid',
      state: 'bad',
      text: `The Content-Signal header is invalid (${problems.join('; ')}). Use keys search, ai-input, ai-train with values yes or no.`,
    });
  }
  return pass(key, 1, {
    id: 'crawler.content_signal_header_only',
    state: 'good',
    text: `The homepage sends Content-Signal: ${header}. Put the same line in robots.txt so crawlers read it before fetching.`,
  });
}
