/**
 * The declared-policy signals of the crawler check: named AI groups or Content-Signal lines,
 * and whether the Content-Signal lines are valid. They only speak for a file crawlers could
 * read; otherwise they lose their points silently to the robots.txt finding (one finding per
 * cause, and no advice to edit a file nobody can read).
 */
import {
  allContentSignals,
  allContentUsages,
  contentSignalProblems,
  namesAnyToken,
} from '../robots.ts';
import type { RobotsPolicy } from '../robots-policy.ts';
import { fail, pass, type Signal } from '../scoring.ts';
import { ALL_AI_TOKENS } from './ai-tokens.ts';

export function explicitPolicySignal(policy: RobotsPolicy): Signal {
  const key = 'explicit-policy';
  if (policy.kind !== 'file' || policy.rules === undefined) {
    return fail(key, 2);
  }
  const named = namesAnyToken(policy.rules, ALL_AI_TOKENS);
  const hasSignals =
    allContentSignals(policy.rules).length > 0 || allContentUsages(policy.rules).length > 0;
  if (named.length > 0 || hasSignals) {
    const parts = [
      named.length > 0 ? `named AI groups (${named.join(', ')})` : '',
      hasSignals ? 'Content-Signal/Content-Usage preferences' : '',
    ].filter(Boolean);
    return pass(key, 2, {
      state: 'good',
      text: `robots.txt declares an explicit AI policy: ${parts.join(' and ')}.`,
    });
  }
  return fail(key, 2, {
    state: 'warn',
    text: 'No AI crawler is named in robots.txt and no Content-Signal line is present; AI bots only inherit the * rules. Add groups for the AI crawlers (e.g. OAI-SearchBot, Claude-SearchBot) or a Content-Signal line.',
  });
}

export function contentSignalSignal(policy: RobotsPolicy): Signal {
  const key = 'content-signal';
  if (policy.kind !== 'file' || policy.rules === undefined) {
    return fail(key, 1);
  }
  const records = allContentSignals(policy.rules);
  if (records.length === 0) {
    return fail(key, 1, {
      state: 'warn',
      text: 'No Content-Signal line in robots.txt. Add one (e.g. "Content-Signal: search=yes, ai-input=yes, ai-train=no") to state how AI may use your content.',
    });
  }
  const problems = records.flatMap((record) =>
    contentSignalProblems(record.value).map((problem) => `line ${record.line}: ${problem}`),
  );
  if (problems.length > 0) {
    return fail(key, 1, {
      state: 'bad',
      text: `Content-Signal is invalid (${problems.join('; ')}). Use keys search, ai-input, ai-train with values yes or no.`,
    });
  }
  return pass(key, 1, {
    state: 'good',
    text: `Content-Signal is valid: ${records.map((record) => record.value).join(' | ')}.`,
  });
}
