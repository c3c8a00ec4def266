/**
 * The catalog rules of Lighthouse 13.5.0's `ard-schema` audit, written from what the published
 * package does (read in node_modules/lighthouse: core/audits/agentic/ard-schema.js and its
 * vendored conformance port third-party/ard, pinned to ards-project/ard-spec b76f235), so our
 * engine can say what Lighthouse would say. This is Lighthouse's reading, not ours (ours is
 * parse/ard.ts and parse/ai-catalog.ts): it validates whatever it finds against the AI Catalog
 * schema of that commit, where the root admits only specVersion ("1.0"), host and entries, and
 * every entry needs identifier (urn:air:...), displayName and type.
 *
 * Errors score 0, warnings only 0.9. Errors: the schema (the first violation is enough), a
 * missing specVersion or entries, per entry a missing identifier / displayName / type, an
 * identifier outside its URN pattern, both or neither of url and data, representativeQueries
 * that is not a list of strings, a trustManifest without identity, a root `collections`.
 * Warnings: specVersion other than "1.0", a type outside its list of discovery types, no
 * representativeQueries or a count outside 2 to 5 (but the schema itself rejects a present
 * list outside 2 to 5: that is an error).
 */
import { isObject, type JsonObject } from '#shared/domain/scan-engine/parse/json-ld';

export interface CatalogRulesResult {
  errors: string[];
  warnings: string[];
}

/** The discovery types Lighthouse 13.5.0 knows; any other type is a warning. */
export const LIGHTHOUSE_DISCOVERY_TYPES: readonly string[] = [
  'application/ai-catalog+json',
  'application/agent-card+json',
  'application/a2a-agent-card+json',
  'application/mcp-server-card+json',
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
];

const SCHEMA_URN = /^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/;
const STRICT_URN = /^urn:air:[a-zA-Z0-9.-]+(?::[a-zA-Z0-9._:-]+)?:[a-zA-Z0-9._-]+$/;
const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const only = (value: JsonObject, allowed: readonly string[]) =>
  Object.keys(value).filter((key) => !allowed.includes(key));
const isString = (value: unknown) => typeof value === 'string';
const isStringList = (value: unknown) => Array.isArray(value) && value.every(isString);

/** The first schema violation of a trustManifest, if any (schema $defs/trustManifest). */
function trustSchemaProblem(trust: unknown, at: string): string | undefined {
  if (!isObject(trust)) return `${at} must be an object`;
  const extra = only(trust, [
    'identity',
    'identityType',
    'trustSchema',
    'attestations',
    'provenance',
    'signature',
  ]);
  if (extra.length > 0) return `${at} has unknown member ${extra[0]}`;
  if (!isString(trust.identity)) return `${at} needs identity`;
  if (
    trust.identityType !== undefined &&
    !['spiffe', 'did', 'https', 'other'].includes(String(trust.identityType))
  ) {
    return `${at}.identityType is not spiffe, did, https or other`;
  }
  const schema = trust.trustSchema;
  if (schema !== undefined) {
    if (!isObject(schema) || !isString(schema.identifier) || !isString(schema.version)) {
      return `${at}.trustSchema needs identifier and version`;
    }
    if (only(schema, ['identifier', 'version', 'governanceUri', 'verificationMethods']).length) {
      return `${at}.trustSchema has an unknown member`;
    }
  }
  for (const [name, required, allowed] of [
    ['attestations', ['type', 'uri', 'mediaType'], ['type', 'uri', 'mediaType', 'digest']],
    ['provenance', ['relation', 'sourceId'], ['relation', 'sourceId', 'sourceDigest']],
  ] as const) {
    const list = trust[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${at}.${name} must be a list`;
    for (const item of list) {
      if (!isObject(item) || required.some((key) => !isString(item[key]))) {
        return `${at}.${name} items need ${required.join(', ')}`;
      }
      if (only(item, allowed).length > 0) return `${at}.${name} item has an unknown member`;
    }
  }
  if (trust.signature !== undefined && !isString(trust.signature)) {
    return `${at}.signature must be a string`;
  }
  return undefined;
}

/** The first schema violation of an entry (schema $defs/catalogEntry). */
function entrySchemaProblem(entry: unknown, at: string): string | undefined {
  if (!isObject(entry)) return `${at} must be an object`;
  for (const key of ['identifier', 'displayName', 'type']) {
    if (!(key in entry)) return `'${key}' is a required property at ${at}`;
  }
  if ('url' in entry === 'data' in entry) return `${at} must have exactly one of url and data`;
  if (!isString(entry.identifier) || !SCHEMA_URN.test(entry.identifier as string)) {
    return `${at}.identifier must match the urn:air pattern`;
  }
  if (!isString(entry.displayName) || !isString(entry.type)) return `${at} names must be strings`;
  if ('url' in entry && !(isString(entry.url) && ABSOLUTE_URI.test(entry.url as string))) {
    return `${at}.url must be an absolute URI`;
  }
  if ('data' in entry && !isObject(entry.data)) return `${at}.data must be an object`;
  for (const key of ['description', 'version']) {
    if (key in entry && !isString(entry[key])) return `${at}.${key} must be a string`;
  }
  for (const key of ['tags', 'capabilities']) {
    if (key in entry && !isStringList(entry[key])) return `${at}.${key} must be a list of strings`;
  }
  const queries = entry.representativeQueries;
  if (
    queries !== undefined &&
    !(
      isStringList(queries) &&
      (queries as unknown[]).length >= 2 &&
      (queries as unknown[]).length <= 5
    )
  ) {
    return `${at}.representativeQueries must hold 2 to 5 strings`;
  }
  if (
    'updatedAt' in entry &&
    !(isString(entry.updatedAt) && DATE_TIME.test(entry.updatedAt as string))
  ) {
    return `${at}.updatedAt must be a date-time`;
  }
  if ('metadata' in entry) {
    const metadata = entry.metadata;
    if (
      !isObject(metadata) ||
      Object.values(metadata).some((value) => isObject(value) || Array.isArray(value))
    ) {
      return `${at}.metadata must map names to plain values`;
    }
  }
  return 'trustManifest' in entry
    ? trustSchemaProblem(entry.trustManifest, `${at}.trustManifest`)
    : undefined;
}

/** The first violation of the whole document's schema. */
function schemaProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'the catalog must be a JSON object';
  const extra = only(data, ['specVersion', 'host', 'entries']);
  if (extra.length > 0) return `the root has member '${extra[0]}', which the schema does not admit`;
  if (!('specVersion' in data)) return "'specVersion' is a required property";
  if (!('entries' in data)) return "'entries' is a required property";
  if (data.specVersion !== '1.0') return 'specVersion must be "1.0"';
  const host = data.host;
  if (host !== undefined) {
    if (!isObject(host) || !isString(host.displayName)) return 'host needs a displayName';
    const extraHost = only(host, [
      'displayName',
      'identifier',
      'documentationUrl',
      'logoUrl',
      'trustManifest',
    ]);
    if (extraHost.length > 0)
      return `host has member '${extraHost[0]}', which the schema does not admit`;
  }
  if (!Array.isArray(data.entries)) return 'entries must be an array';
  for (const [index, entry] of data.entries.entries()) {
    const problem = entrySchemaProblem(entry, `entries[${index}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function entryRules(entry: unknown, at: string, result: CatalogRulesResult): void {
  if (!isObject(entry)) {
    result.errors.push(`${at} is not an object`);
    return;
  }
  const identifier = entry.identifier;
  if (!identifier) result.errors.push(`${at}: missing identifier`);
  else if (!STRICT_URN.test(String(identifier))) {
    result.errors.push(`${at}: identifier does not match urn:air:<publisher>:<namespace>:<name>`);
  }
  if (!entry.displayName) result.errors.push(`${at}: missing displayName`);
  if (!entry.type) result.errors.push(`${at}: missing type`);
  else if (!LIGHTHOUSE_DISCOVERY_TYPES.includes(String(entry.type))) {
    result.warnings.push(`${at}: type ${String(entry.type)} is not one of its discovery types`);
  }
  const hasUrl = entry.url !== undefined;
  if (hasUrl === (entry.data !== undefined))
    result.errors.push(`${at}: needs exactly one of url and data`);
  const queries = entry.representativeQueries;
  if (queries === undefined || queries === null) {
    result.warnings.push(`${at}: no representativeQueries`);
  } else if (!Array.isArray(queries)) {
    result.errors.push(`${at}: representativeQueries is not a list`);
  } else {
    if (queries.length < 2 || queries.length > 5) {
      result.warnings.push(`${at}: ${queries.length} representativeQueries (2 to 5 recommended)`);
    }
    if (queries.some((query) => !isString(query)))
      result.errors.push(`${at}: a query is not a string`);
  }
  const trust = entry.trustManifest;
  if (trust !== undefined && trust !== null && (!isObject(trust) || !trust.identity)) {
    result.errors.push(`${at}: trustManifest without identity`);
  }
}

/** What Lighthouse 13.5.0's conformance port finds in a catalog's text. */
export function lighthouseCatalogRules(text: string): CatalogRulesResult {
  const result: CatalogRulesResult = { errors: [], warnings: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { errors: ['the file is not valid JSON'], warnings: [] };
  }
  const schema = schemaProblem(data);
  if (schema !== undefined) result.errors.push(`schema: ${schema}`);
  if (!isObject(data)) return result;
  if (!data.specVersion) result.errors.push('missing specVersion');
  else if (data.specVersion !== '1.0')
    result.warnings.push(`specVersion ${String(data.specVersion)}`);
  if (!Array.isArray(data.entries)) {
    result.errors.push(
      data.entries === undefined || data.entries === null
        ? 'missing entries'
        : 'entries is not an array',
    );
    return result;
  }
  for (const [index, entry] of data.entries.entries())
    entryRules(entry, `entries[${index}]`, result);
  if ('collections' in data)
    result.errors.push("a root 'collections' member (removed in ADR-0003)");
  return result;
}
