/**
 * AI Catalog documents (Agent-Card/ai-catalog, `/.well-known/ai-catalog.json`) and the MCP
 * Catalog that preceded it in the MCP discovery draft (`/.well-known/mcp/catalog.json`, same
 * shape). Validation names each problem with its entry index; the entries that point at an
 * MCP Server Card are what the collector follows (docs/scan-engine.md "Standards").
 */
import { isObject, type JsonObject } from './json-ld.ts';

/** The Server Card media type of the current discovery draft, and the one before it. */
export const MCP_CARD_TYPES = ['application/mcp-server-card+json', 'application/mcp-server+json'];

export interface CatalogEntry {
  index: number;
  identifier: string;
  type: string;
  url?: string;
  data?: JsonObject;
}

export interface CatalogJudgement {
  /** Problems a reader would stop at, each with where it is ("entries[2]: no type"). */
  problems: string[];
  /** Entries that name every required member. */
  entries: CatalogEntry[];
}

/**
 * `specVersion` is required of an AI Catalog; ARD's manifest at /.well-known/ard.json only needs
 * `entries` (ARD v0.91 §5.1: other top-level members are transport-defined).
 */
export function judgeCatalog(
  document: unknown,
  options: { requireSpecVersion?: boolean } = {},
): CatalogJudgement {
  if (!isObject(document)) return { problems: ['the document is not a JSON object'], entries: [] };
  const problems: string[] = [];
  const needsVersion = options.requireSpecVersion ?? true;
  if (needsVersion && (typeof document.specVersion !== 'string' || document.specVersion === '')) {
    problems.push('no specVersion string');
  }
  if (!Array.isArray(document.entries)) {
    problems.push('no entries array');
    return { problems, entries: [] };
  }
  const entries: CatalogEntry[] = [];
  document.entries.forEach((raw: unknown, index: number) => {
    const entry = judgeEntry(raw, index);
    if (typeof entry === 'string') problems.push(entry);
    else entries.push(entry);
  });
  return { problems, entries };
}

/** An entry, or the first problem with it. `mediaType` is the MCP Catalog's older name. */
function judgeEntry(raw: unknown, index: number): CatalogEntry | string {
  const where = `entries[${index}]`;
  if (!isObject(raw)) return `${where} is not an object`;
  const type = typeof raw.type === 'string' ? raw.type : raw.mediaType;
  if (typeof raw.identifier !== 'string' || raw.identifier === '') return `${where}: no identifier`;
  if (typeof type !== 'string' || type === '') return `${where}: no type`;
  const hasUrl = typeof raw.url === 'string' && raw.url !== '';
  const hasData = isObject(raw.data);
  if (hasUrl === hasData) return `${where}: needs exactly one of url or data`;
  return {
    index,
    identifier: raw.identifier,
    type,
    ...(hasUrl ? { url: raw.url as string } : { data: raw.data as JsonObject }),
  };
}

export function isMcpCardEntry(entry: CatalogEntry): boolean {
  return MCP_CARD_TYPES.includes(entry.type);
}

/** A Server Card's name and first remote endpoint (SEP-2127 shape; older cards too). */
export function cardIdentity(card: JsonObject): { name?: string; endpoint?: string } {
  const serverInfo = isObject(card.serverInfo) ? card.serverInfo : undefined;
  const name =
    typeof card.name === 'string'
      ? card.name
      : typeof serverInfo?.name === 'string'
        ? serverInfo.name
        : undefined;
  const remotes = Array.isArray(card.remotes) ? card.remotes.filter(isObject) : [];
  const transport = isObject(card.transport) ? card.transport : undefined;
  const endpoint = [
    ...remotes.map((remote) => remote.url),
    card.url,
    card.endpoint,
    transport?.url,
  ].find((value): value is string => typeof value === 'string' && value !== '');
  return { name, endpoint };
}
