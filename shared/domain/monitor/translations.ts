/**
 * A case's fields in its other languages (docs/monitor.md "Prompts"): the category, ideal
 * customer, region and use cases its prompts use, written by the customer in each language after
 * the first (the case's own fields are in the first). Checked and normalised here for the case
 * routes; the prompt builder reads them (engine/prompts.ts).
 */
import type { CaseTranslation, CaseTranslations } from './engine/index.ts';
import type { StoredCase } from './ports.ts';
import { uniqueTexts } from './profile.ts';

/**
 * The translations as stored: each key spelt as in `languages`, empty fields left out. A key
 * that is not one of the case's other languages is a problem (400 `invalid_request`).
 */
export function checkedTranslations(
  sent: Readonly<Record<string, CaseTranslation>> | undefined,
  languages: readonly string[],
  problems: string[],
): CaseTranslations {
  const out: CaseTranslations = {};
  for (const [code, fields] of Object.entries(sent ?? {})) {
    const index = languages.findIndex((l) => l.toLowerCase() === code.toLowerCase());
    const language = languages[index];
    if (index < 0 || language === undefined) {
      problems.push(`translations names "${code}", which is not one of the case's languages`);
      continue;
    }
    if (index === 0) {
      problems.push(`translations names "${code}": the case's own fields are in that language`);
      continue;
    }
    const entry = cleaned(fields);
    if (Object.keys(entry).length > 0) out[language] = entry;
  }
  return out;
}

function cleaned(fields: CaseTranslation): CaseTranslation {
  const entry: CaseTranslation = {};
  for (const name of ['category', 'icp', 'region'] as const) {
    const value = fields[name]?.trim();
    if (value) entry[name] = value;
  }
  const useCases = uniqueTexts(fields.use_cases ?? []);
  if (useCases.length > 0) entry.use_cases = useCases;
  return entry;
}

/** A change of languages keeps the translations of the languages that stay (not the first). */
export function keptTranslations(
  stored: StoredCase,
  languages: readonly string[] | undefined,
): CaseTranslations {
  const current = stored.translations ?? {};
  if (languages === undefined) return current;
  const others = uniqueTexts(languages).slice(1);
  return Object.fromEntries(
    Object.entries(current).flatMap(([code, fields]) => {
      const language = others.find((l) => l.toLowerCase() === code.toLowerCase());
      return language ? [[language, fields]] : [];
    }),
  );
}
