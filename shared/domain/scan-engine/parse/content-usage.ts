/**
 * AI usage preferences as the IETF AIPREF drafts write them: `Content-Usage` in a robots.txt
 * group (draft-ietf-aipref-attach-05 section 5: an optional path, then the preference) and as
 * an HTTP header (section 4), the preference being an RFC 9651 Dictionary over the vocabulary
 * of draft-ietf-aipref-vocab-07 (labels `train-ai` and `search`, tokens `y` and `n`).
 * Unknown labels and values are not errors there (the preference is "unknown"), so they are
 * reported as notes; a value that is not a Dictionary is an error and states no preference.
 */
import { type DictMember, parseDictionary } from './structured-field.ts';

/** draft-ietf-aipref-vocab-07 section 6.1 (case-sensitive labels). */
export const AIPREF_LABELS = ['train-ai', 'search'] as const;

export interface UsageJudgement {
  /** The preference parsed as a Dictionary. */
  valid: boolean;
  /** Why it did not parse, for findings ("column 9: a key must start ..."). */
  error?: string;
  /** Known labels with a y/n preference ("train-ai=n"). */
  stated: string[];
  /** Labels or values a reader ignores (unknown label, value other than y/n). */
  ignored: string[];
}

/** Splits a robots.txt rule value into its optional path and its preference. */
export function splitRobotsUsage(value: string): { path?: string; preference: string } {
  if (!value.startsWith('/')) return { preference: value };
  const space = value.search(/[ \t]/);
  if (space < 0) return { path: value, preference: '' };
  return { path: value.slice(0, space), preference: value.slice(space + 1).trim() };
}

export function judgeUsage(preference: string): UsageJudgement {
  if (preference.trim() === '') {
    return { valid: false, error: 'the preference is empty', stated: [], ignored: [] };
  }
  const parsed = parseDictionary(preference);
  if (!parsed.ok) {
    return {
      valid: false,
      error: `column ${parsed.at + 1}: ${parsed.error}`,
      stated: [],
      ignored: [],
    };
  }
  const stated: string[] = [];
  const ignored: string[] = [];
  for (const [key, member] of parsed.members) {
    const value = yesNo(member);
    if (!(AIPREF_LABELS as readonly string[]).includes(key)) {
      ignored.push(`unknown label "${key}"`);
    } else if (value === undefined) {
      ignored.push(`"${key}" is not the token y or n`);
    } else {
      stated.push(`${key}=${value}`);
    }
  }
  return { valid: true, stated, ignored };
}

function yesNo(member: DictMember): 'y' | 'n' | undefined {
  const item = member.item;
  if (item.type !== 'token') return undefined;
  return item.value === 'y' || item.value === 'n' ? item.value : undefined;
}
