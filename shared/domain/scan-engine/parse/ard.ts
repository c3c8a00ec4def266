/**
 * An ARD manifest (`/.well-known/ard.json`, Agentic Resource Discovery v0.91) judged against
 * its own text, apart from the AI Catalog (ai-catalog.ts): a valid catalog entry is not
 * automatically an ARD entry (ARD §4). Read from spec/ard.md at 04afa6c (2026-08-26):
 *   - the manifest needs an `entries` array; other top-level members are transport-defined
 *     and ignored (§5.1), so unknown members are never a problem here;
 *   - an entry MUST carry `identifier` (the domain-anchored `urn:air:<publisher>:...` form,
 *     Appendix C), `displayName`, `type` (a media type) and exactly one of `url` or `data`
 *     (§4.2, §4.3); `trustManifest`, when present, is an object with `identity` (§4.5);
 *   - `representativeQueries` SHOULD hold 2 to 5 strings (§4.2, §D.2): missing, the entry
 *     cannot be found by search (a warning naming it); another count is noted as information.
 */
import type { CatalogEntry } from './ai-catalog.ts';
import { isObject, type JsonObject } from './json-ld.ts';

/** Appendix C: urn:air:<publisher FQDN>:<namespace ...>:<agent-name>. */
const ARD_URN =
  /^urn:air:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::[a-z0-9._-]+)+$/i;

export interface ArdJudgement {
  /** What an ARD consumer stops at, each with where it is ("entries[1]: no displayName"). */
  errors: string[];
  /** Entries an ARD registry cannot find by search: no representativeQueries at all. */
  withoutQueries: string[];
  /** Entries whose representativeQueries hold a count outside 2 to 5 ("\"X\" (1)"). */
  offCountQueries: string[];
  /** Entries that carry every required term. */
  entries: CatalogEntry[];
}

function entryName(raw: JsonObject, index: number): string {
  const name = typeof raw.displayName === 'string' && raw.displayName !== '' ? raw.displayName : '';
  const id = typeof raw.identifier === 'string' ? raw.identifier : '';
  return name !== '' ? `"${name.slice(0, 60)}"` : id !== '' ? id.slice(0, 80) : `entries[${index}]`;
}

function entryErrors(raw: JsonObject, where: string): string[] {
  const errors: string[] = [];
  if (typeof raw.identifier !== 'string' || raw.identifier === '') {
    errors.push(`${where}: no identifier`);
  } else if (!ARD_URN.test(raw.identifier)) {
    errors.push(
      `${where}: identifier "${raw.identifier.slice(0, 60)}" is not urn:air:<publisher>:<namespace>:<name>`,
    );
  }
  if (typeof raw.displayName !== 'string' || raw.displayName === '') {
    errors.push(`${where}: no displayName`);
  }
  if (typeof raw.type !== 'string' || !/^[\w.+-]+\/[\w.+-]+/.test(raw.type)) {
    errors.push(`${where}: no type (a media type)`);
  }
  const hasUrl = typeof raw.url === 'string' && raw.url !== '';
  const hasData = isObject(raw.data);
  if (hasUrl === hasData) errors.push(`${where}: needs exactly one of url or data`);
  if (raw.trustManifest !== undefined) {
    const trust = raw.trustManifest;
    if (!isObject(trust) || typeof trust.identity !== 'string' || trust.identity === '') {
      errors.push(`${where}: trustManifest is not an object with an identity`);
    }
  }
  const queries = raw.representativeQueries;
  if (queries !== undefined && !Array.isArray(queries)) {
    errors.push(`${where}: representativeQueries is not a list of strings`);
  } else if (Array.isArray(queries) && queries.some((query) => typeof query !== 'string')) {
    errors.push(`${where}: representativeQueries holds something other than strings`);
  }
  return errors;
}

const EMPTY: ArdJudgement = { errors: [], withoutQueries: [], offCountQueries: [], entries: [] };

/** A manifest found at an ARD entry source, judged as ARD v0.91 reads it. */
export function judgeArdManifest(document: unknown): ArdJudgement {
  if (!isObject(document)) {
    return { ...EMPTY, errors: ['the document is not a JSON object'] };
  }
  if (!Array.isArray(document.entries)) return { ...EMPTY, errors: ['no entries array'] };
  const judgement: ArdJudgement = {
    errors: [],
    withoutQueries: [],
    offCountQueries: [],
    entries: [],
  };
  document.entries.forEach((raw: unknown, index: number) => {
    const where = `entries[${index}]`;
    if (!isObject(raw)) {
      judgement.errors.push(`${where} is not an object`);
      return;
    }
    const errors = entryErrors(raw, where);
    judgement.errors.push(...errors);
    const queries = raw.representativeQueries;
    if (!Array.isArray(queries) || queries.length === 0) {
      judgement.withoutQueries.push(entryName(raw, index));
    } else if (queries.length < 2 || queries.length > 5) {
      judgement.offCountQueries.push(`${entryName(raw, index)} (${queries.length})`);
    }
    if (errors.length === 0) {
      judgement.entries.push({
        index,
        identifier: raw.identifier as string,
        type: raw.type as string,
        ...(typeof raw.url === 'string' ? { url: raw.url } : { data: raw.data as JsonObject }),
      });
    }
  });
  return judgement;
}
