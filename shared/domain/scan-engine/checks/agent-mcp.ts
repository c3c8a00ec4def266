/**
 * The MCP signals of the agent check (docs/scan-engine.md "Standards"): the Server Card as the
 * current discovery draft finds it (an AI Catalog entry, or the MCP Catalog that preceded it,
 * whose `url` is fetched with the card media type), else a card at a legacy `.well-known`
 * path, credited with a finding naming the current location. Points are unchanged: card 4,
 * live endpoint 1 (never called: GET only, so at best half).
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { CATALOG_PATHS } from '#shared/domain/scan-engine/collect/plan';
import {
  type CatalogEntry,
  cardIdentity,
  isMcpCardEntry,
  judgeCatalog,
} from '#shared/domain/scan-engine/parse/ai-catalog';
import { isObject, type JsonObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import {
  atBestHalf,
  fail,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import { absoluteUrl } from '#shared/domain/scan-engine/site';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

export const MCP_POINTS = { mcpCard: 4, mcpLive: 1 } as const;

/** Where earlier drafts put the card (SEP-2127 and before); probed in the first wave. */
export const MCP_CARD_PATHS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp.json',
] as const;

export const MCP_LIVE_NOTE =
  'whether the MCP endpoint answers (the scanner only sends GET, so it does not POST initialize)';

const CURRENT =
  'an entry of type application/mcp-server-card+json in /.well-known/ai-catalog.json whose url points at the card (by default <MCP endpoint>/server-card)';

export interface FoundCard {
  /** Where the card was read ("https://example.com/mcp/server-card" or a legacy path). */
  where: string;
  document: JsonObject;
  /** Findings about how it was found (legacy path, superseded catalog, CORS). */
  notes: Finding[];
}

/** A catalog entry's card, fetched or inline, or the finding that says why it is unusable. */
export function cardFromCatalogs(artifacts: ScanArtifacts): FoundCard | Finding | undefined {
  let problem: Finding | undefined;
  // The well-known catalogs first, then a catalog a hint names elsewhere (ARD v0.91 §5.1).
  const catalogs: Array<[string, Fetched | undefined]> = [
    ...CATALOG_PATHS.map((path): [string, Fetched | undefined] => [path, artifacts.probes[path]]),
    ...Object.entries(artifacts.hintedCatalogs ?? {}).map(
      ([url, fetched]): [string, Fetched | undefined] => [new URL(url).pathname, fetched],
    ),
  ];
  for (const [path, catalog] of catalogs) {
    if (!isOk(catalog) || !isJsonResponse(catalog)) continue;
    // ARD's manifest needs no specVersion (ARD v0.91 §5.1).
    const judged = judgeCatalog(parseJson(catalog.text), {
      requireSpecVersion: path === '/.well-known/ai-catalog.json' || path.includes('mcp/'),
    });
    const entry = judged.entries.find(isMcpCardEntry);
    if (entry === undefined) {
      if (judged.problems.length > 0 && path.includes('mcp/')) {
        problem ??= catalogProblem(path, judged.problems);
      }
      continue;
    }
    const notes = path.includes('mcp/') ? [supersededCatalog()] : [];
    const card = entryCard(artifacts, entry, catalog.finalUrl);
    if ('state' in card) {
      problem ??= card;
      continue;
    }
    return { ...card, notes: [...notes, ...card.notes] };
  }
  return problem;
}

function entryCard(
  artifacts: ScanArtifacts,
  entry: CatalogEntry,
  base: string,
): (Omit<FoundCard, 'notes'> & { notes: Finding[] }) | Finding {
  if (entry.data !== undefined) {
    return {
      where: `the inline card of catalog entry ${entry.identifier}`,
      document: entry.data,
      notes: [],
    };
  }
  const url = absoluteUrl(entry.url ?? '', base) ?? '';
  const fetched = artifacts.catalogCards[url];
  const short = shortUrl(url, artifacts.origin);
  if (fetched === undefined) {
    return {
      id: 'agent.mcp_card_offsite',
      state: 'info',
      standard: standardRef('mcp-discovery'),
      text: `The catalog entry ${entry.identifier} points at a Server Card on another site (${url}); it was not fetched.`,
    };
  }
  const document = isOk(fetched) && isJsonResponse(fetched) ? parseJson(fetched.text) : undefined;
  if (!isObject(document)) {
    return {
      id: 'agent.mcp_card_unreadable',
      state: 'bad',
      standard: standardRef('mcp-discovery'),
      text: `The catalog entry ${entry.identifier} points at ${short}, which ${describeCard(fetched)} instead of a Server Card (application/mcp-server-card+json).`,
    };
  }
  return { where: short, document, notes: corsNotes(fetched, short) };
}

function describeCard(fetched: Fetched): string {
  if (fetched.kind !== 'response') return `could not be read (${fetched.kind})`;
  if (isOk(fetched)) {
    return `answers ${fetched.headers['content-type'] ?? 'an untyped body'} that is not a JSON object`;
  }
  return `answers HTTP ${fetched.status}`;
}

/** The discovery draft: hosted Server Cards MUST send CORS headers for browser clients. */
function corsNotes(fetched: Fetched, where: string): Finding[] {
  if (fetched.kind !== 'response') return [];
  if (fetched.headers['access-control-allow-origin'] === '*') return [];
  return [
    {
      id: 'agent.mcp_card_no_cors',
      state: 'warn',
      standard: standardRef('mcp-discovery'),
      text: `The Server Card at ${where} has no "Access-Control-Allow-Origin: *"; the MCP discovery draft requires CORS on hosted cards so browser-based clients can read them.`,
    },
  ];
}

function supersededCatalog(): Finding {
  return {
    id: 'agent.mcp_catalog_superseded',
    state: 'warn',
    standard: standardRef('mcp-catalog'),
    text: 'MCP servers are listed in /.well-known/mcp/catalog.json, which the MCP discovery draft replaced on 2026-07-20: publish the same entries in /.well-known/ai-catalog.json (credited in full meanwhile).',
  };
}

function catalogProblem(path: string, problems: readonly string[]): Finding {
  return {
    id: 'agent.mcp_catalog_malformed',
    state: 'bad',
    standard: standardRef(path.includes('ai-catalog') ? 'ai-catalog' : 'mcp-catalog'),
    text: `The catalog at ${path} is malformed: ${problems.slice(0, 4).join('; ')}.`,
  };
}

/** A card at a legacy `.well-known` path: still credited, with the current location named. */
export function legacyCard(artifacts: ScanArtifacts): FoundCard | undefined {
  for (const path of MCP_CARD_PATHS) {
    const fetched = artifacts.probes[path];
    if (!isOk(fetched) || !isJsonResponse(fetched)) continue;
    const document = parseJson(fetched.text);
    if (!isObject(document)) continue;
    const note: Finding = {
      id: 'agent.mcp_card_legacy_path',
      state: 'warn',
      standard: standardRef('mcp-card-well-known'),
      text: `MCP server card found only at the legacy ${path}. The current MCP discovery draft (2026-07-24) recommends against .well-known for cards: publish ${CURRENT}. Credited in full meanwhile.`,
    };
    return { where: path, document, notes: [note] };
  }
  return undefined;
}

/** The card and live-endpoint signals for a card that was found. */
export function mcpCardSignals(card: FoundCard, origin: string): Signal[] {
  const { name, endpoint } = cardIdentity(card.document);
  if (name !== undefined && endpoint !== undefined) {
    return [
      pass(
        'mcp-card',
        MCP_POINTS.mcpCard,
        {
          id: 'agent.mcp_card_ok',
          state: 'good',
          text: `MCP server card at ${card.where} names "${name}" with endpoint ${shortUrl(endpoint, origin)}.`,
        },
        ...card.notes,
      ),
      unverifiable('mcp-live', MCP_POINTS.mcpLive, { cause: 'outside', note: MCP_LIVE_NOTE }),
    ];
  }
  const lacks = [
    name === undefined ? 'a name' : '',
    endpoint === undefined ? 'a transport URL (remotes[].url)' : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return [
    partial(
      'mcp-card',
      MCP_POINTS.mcpCard,
      0.25,
      {
        id: 'agent.mcp_card_incomplete',
        state: 'bad',
        text: `MCP server card at ${card.where} lacks ${lacks}.`,
      },
      ...card.notes,
    ),
    atBestHalf(fail('mcp-live', MCP_POINTS.mcpLive), MCP_LIVE_NOTE),
  ];
}
