/**
 * The agent check's discovery signal (2 points): an agent catalog as its readers find it
 * (issue 37). ARD v0.91 consumers look at a robots.txt `Agentmap:` line, `<link rel="ard">`, a
 * `Link: rel="ard"` header, then `/.well-known/ard.json`, and may also read the predecessor
 * (`rel="ai-catalog"`, `/.well-known/ai-catalog.json`), which MCP discovery reads as its current
 * form. Each file is judged against its own text (a valid AI Catalog entry is not automatically
 * an ARD entry): ARD manifests with parse/ard.ts, AI Catalogs with parse/ai-catalog.ts. A valid
 * file at either path earns the credit; neither path is called legacy in a warning, and no site
 * is told to move from one to the other: a site with one is told, as information, who reads the
 * other. Then agents.json, then WebMCP tools in the static HTML.
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import {
  agentmapLines,
  type CatalogSource,
  catalogLinks,
  catalogSources,
} from '#shared/domain/scan-engine/collect/agents';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { judgeCatalog } from '#shared/domain/scan-engine/parse/ai-catalog';
import { judgeArdManifest } from '#shared/domain/scan-engine/parse/ard';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { fail, pass, type Signal } from '#shared/domain/scan-engine/scoring';
import { absoluteUrl } from '#shared/domain/scan-engine/site';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding, FindingId } from '#shared/domain/scan-engine/types';
import { webMcpSignal } from './agent-manifests.ts';

/** The agent signals whose absence has a finding of its own. */
export type MissingKey = 'mcp-card' | 'a2a-card' | 'skills' | 'manifests';

/** What the agent check says about a signal nobody published (agent.ts builds it). */
export type MissingSignal = (
  key: MissingKey,
  points: number,
  what: string,
  paths: readonly string[],
) => Signal;

/** One catalog file judged against its text: valid (maybe with warnings), or malformed. */
export interface CatalogVerdict {
  source: CatalogSource;
  /** Where it was read, as findings print it ("/.well-known/ard.json"). */
  where: string;
  valid: boolean;
  findings: Finding[];
}

const ARD_PATH = '/.well-known/ard.json';
const CATALOG_PATH = '/.well-known/ai-catalog.json';

/** The document a catalog source names, if the scan fetched it. */
export function sourceDocument(
  artifacts: ScanArtifacts,
  source: CatalogSource,
): { url: string; fetched: Fetched } | undefined {
  const base =
    source.via === 'agentmap' ? `${artifacts.origin}/robots.txt` : `${artifacts.origin}/`;
  const url = absoluteUrl(source.href, base);
  if (url === undefined) return undefined;
  const path = url.startsWith(`${artifacts.origin}/`) ? url.slice(artifacts.origin.length) : '';
  const fetched = artifacts.probes[path] ?? artifacts.hintedCatalogs?.[url];
  return fetched === undefined ? undefined : { url, fetched };
}

/** How a source named its file, in words ("the robots.txt Agentmap line"). */
function namedBy(source: CatalogSource): string {
  const rel = source.text === 'ard' ? 'rel="ard"' : 'rel="ai-catalog"';
  switch (source.via) {
    case 'agentmap':
      return 'the robots.txt Agentmap line';
    case 'link element':
      return `a ${rel} link element`;
    case 'Link header':
      return `a ${rel} Link header`;
    case 'well-known path':
      return 'its well-known path';
  }
}

/** The problems and entries of a document read as ARD or as an AI Catalog. */
function judgeAs(text: CatalogSource['text'], document: unknown) {
  if (text === 'ard') {
    const ard = judgeArdManifest(document);
    return {
      problems: ard.errors,
      entries: ard.entries,
      withoutQueries: ard.withoutQueries,
      offCount: ard.offCountQueries,
    };
  }
  return { ...judgeCatalog(document), withoutQueries: [] as string[], offCount: [] as string[] };
}

/** The finding ids of each text's file: valid, not JSON, malformed. */
const IDS: Record<
  CatalogSource['text'],
  { ok: FindingId; notJson: FindingId; malformed: FindingId }
> = {
  ard: { ok: 'agent.ard_ok', notJson: 'agent.ard_not_json', malformed: 'agent.ard_malformed' },
  'ai-catalog': {
    ok: 'agent.ai_catalog_ok',
    notJson: 'agent.ai_catalog_not_json',
    malformed: 'agent.ai_catalog_malformed',
  },
};

function judgeFile(text: string, type: string, where: string, source: CatalogSource) {
  const ard = source.text === 'ard';
  const name = ard ? 'ARD manifest' : 'AI Catalog';
  const standard = standardRef(ard ? 'ard' : 'ai-catalog');
  const ids = IDS[source.text];
  const bad = (id: FindingId, detail: string): CatalogVerdict => ({
    source,
    where,
    valid: false,
    findings: [{ id, state: 'bad', standard, text: `The ${name} at ${where} ${detail}.` }],
  });
  if (!/json/.test(type)) return bad(ids.notJson, `answers ${type || 'no content type'}, not JSON`);
  const judged = judgeAs(source.text, parseJson(text));
  if (judged.problems.length > 0) {
    return bad(ids.malformed, `is malformed: ${judged.problems.slice(0, 4).join('; ')}`);
  }
  const types = [...new Set(judged.entries.map((entry) => entry.type))].join(', ');
  const count = judged.entries.length;
  const found = where.startsWith('/.well-known/') ? '' : ` (named by ${namedBy(source)})`;
  const findings: Finding[] = [
    {
      id: ids.ok,
      state: 'good',
      standard,
      text: `${name} at ${where}${found} lists ${count} entr${count === 1 ? 'y' : 'ies'}${types === '' ? '' : ` (${types})`}.`,
    },
  ];
  const without = judged.withoutQueries;
  if (without.length > 0) {
    findings.push({
      id: 'agent.ard_representative_queries_missing',
      state: 'warn',
      standard,
      text: `ARD entr${without.length === 1 ? 'y' : 'ies'} ${without.slice(0, 4).join(', ')} in ${where} lack${without.length === 1 ? 's' : ''} representativeQueries (2 to 5 questions a user might ask that the resource answers, ARD v0.91 §4.2): registries build their search index from them, so without them the entry is not found by search. Add "representativeQueries": ["...", "..."].`,
    });
  }
  if (judged.offCount.length > 0) {
    findings.push({
      id: 'agent.ard_representative_queries_count',
      state: 'info',
      standard,
      text: `representativeQueries of ${judged.offCount.slice(0, 4).join(', ')} in ${where}: ARD v0.91 recommends 2 to 5 sample queries per entry.`,
    });
  }
  return { source, where, valid: true, findings } satisfies CatalogVerdict;
}

/** Every catalog file the site names, judged, in its reader's order (ARD first). */
export function catalogVerdicts(artifacts: ScanArtifacts): CatalogVerdict[] {
  const sources = catalogSources(artifacts.robots, artifacts.homepage, homepageFacts(artifacts));
  const seen = new Set<string>();
  const verdicts: CatalogVerdict[] = [];
  for (const source of sources) {
    const found = sourceDocument(artifacts, source);
    if (found === undefined || seen.has(`${found.url} ${source.text}`)) continue;
    seen.add(`${found.url} ${source.text}`);
    if (!isOk(found.fetched)) continue;
    const type = (found.fetched.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    const where = shortUrl(found.url, artifacts.origin);
    verdicts.push(judgeFile(found.fetched.text, type, where, source));
  }
  // Reading order decides nothing here (any valid file earns the credit): the well-known files
  // are reported first, then the ones hints name elsewhere.
  const wellKnown = (verdict: CatalogVerdict) =>
    verdict.where.startsWith('/.well-known/') ? 0 : 1;
  return verdicts.sort((a, b) => wellKnown(a) - wellKnown(b));
}

/** Where the site points agents at its catalog (robots.txt Agentmap, rel links): good hints. */
export function discoveryHints(artifacts: ScanArtifacts): Finding[] {
  const hints: Finding[] = [];
  const agentmaps = agentmapLines(artifacts.robots);
  if (agentmaps.length > 0) {
    hints.push({
      id: 'agent.agentmap_hint',
      state: 'good',
      standard: standardRef('ard'),
      text: `robots.txt points agents at their catalog: Agentmap: ${agentmaps.slice(0, 2).join(', ')} (discovery hint).`,
    });
  }
  const links = catalogLinks(artifacts.homepage, homepageFacts(artifacts));
  if (links.length > 0) {
    hints.push({
      id: 'agent.catalog_link_hint',
      state: 'good',
      standard: standardRef('ard'),
      text: `The homepage links its agent catalog (rel="ai-catalog" or rel="ard"): ${links.slice(0, 2).join(', ')} (discovery hint).`,
    });
  }
  return hints;
}

/** Who reads the file the site does not serve: information, never a request to move. */
function readersNote(verdicts: readonly CatalogVerdict[]): Finding | undefined {
  const ard = verdicts.some((verdict) => verdict.valid && verdict.source.text === 'ard');
  const catalog = verdicts.some((verdict) => verdict.valid && verdict.source.text !== 'ard');
  if (ard === catalog) return undefined;
  return ard
    ? {
        id: 'agent.ai_catalog_readers',
        state: 'info',
        standard: standardRef('mcp-discovery'),
        text: `No AI Catalog at ${CATALOG_PATH}. MCP discovery (the server-card extension) reads ${CATALOG_PATH} as its current form, and ARD consumers may read it too; serving the same entries there as well lets both find them (one document can be valid for both texts).`,
      }
    : {
        id: 'agent.ard_readers',
        state: 'info',
        standard: standardRef('ard'),
        text: `No ARD manifest at ${ARD_PATH}. ARD v0.91 consumers read ${ARD_PATH} first (or what a robots.txt Agentmap line or rel="ard" names) and may skip ${CATALOG_PATH}; MCP discovery reads ${CATALOG_PATH} as its current form. Serve the same entries at both paths so every reader finds them (one document can be valid for both texts; ARD entries also carry displayName and representativeQueries).`,
      };
}

/** A catalog at either path (or where a hint points), else agents.json, else WebMCP tools. */
export function manifestSignal(
  artifacts: ScanArtifacts,
  missing: MissingSignal,
  points: number,
): Signal {
  const verdicts = catalogVerdicts(artifacts);
  const hints = discoveryHints(artifacts);
  const note = readersNote(verdicts);
  const catalogFindings = [...verdicts.flatMap((verdict) => verdict.findings)];
  if (verdicts.some((verdict) => verdict.valid)) {
    return pass('manifests', points, ...catalogFindings, ...(note ? [note] : []), ...hints);
  }
  const problems = catalogFindings.filter((finding) => finding.state === 'bad').slice(0, 2);
  const manifest = artifacts.probes['/.well-known/agents.json'];
  const agentsJson =
    isOk(manifest) && isJsonResponse(manifest) && isObject(parseJson(manifest.text));
  if (agentsJson) {
    return pass(
      'manifests',
      points,
      {
        id: 'agent.agents_json_ok',
        state: 'good',
        standard: standardRef('agents-json'),
        text: 'Agent manifest published at /.well-known/agents.json.',
      },
      ...problems,
      ...hints,
    );
  }
  const webMcp = webMcpSignal(artifacts, points);
  if (webMcp !== undefined) {
    return { ...webMcp, findings: [...problems, ...webMcp.findings, ...hints] };
  }
  const [first, ...rest] = problems;
  if (first !== undefined) return fail('manifests', points, first, ...rest, ...hints);
  const absent = missing(
    'manifests',
    points,
    'ARD manifest, AI Catalog, agents.json or WebMCP tools',
    [ARD_PATH, CATALOG_PATH, '/.well-known/agents.json'],
  );
  return { ...absent, findings: [...absent.findings, ...hints] };
}
