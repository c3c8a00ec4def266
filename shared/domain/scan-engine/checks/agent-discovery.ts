/**
 * The agent check's discovery signal (2 points): an agent catalog at either contested path, the
 * AI Catalog at /.well-known/ai-catalog.json (MCP discovery draft, AI Catalog spec) or ARD's
 * manifest at /.well-known/ard.json (ARD v0.91, Lighthouse's `ard-schema` primary): either earns
 * the credit and neither is told to move (issue 28). A robots.txt `Agentmap:` line and
 * `rel="ai-catalog"` / `rel="ard"` links are discovery hints: named in findings, and a catalog
 * they name elsewhere on the site counts like one at a well-known path. Then agents.json, then
 * WebMCP tools in the static HTML.
 */
import {
  isJsonResponse,
  isOk,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { agentmapLines, catalogLinks } from '#shared/domain/scan-engine/collect/agents';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { judgeCatalog } from '#shared/domain/scan-engine/parse/ai-catalog';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { fail, pass, type Signal } from '#shared/domain/scan-engine/scoring';
import { type StandardId, standardRef } from '#shared/domain/scan-engine/standards';
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

interface CatalogEvidence {
  valid?: Finding;
  problem?: Finding;
}

/** A catalog kind: where it lives, what it is judged against, and its three finding ids. */
interface CatalogSource {
  path: string;
  standard: StandardId;
  name: string;
  version: boolean;
  ids: { ok: FindingId; notJson: FindingId; malformed: FindingId };
}

const SOURCES: readonly CatalogSource[] = [
  {
    path: '/.well-known/ai-catalog.json',
    standard: 'ai-catalog',
    name: 'AI Catalog',
    version: true,
    ids: {
      ok: 'agent.ai_catalog_ok',
      notJson: 'agent.ai_catalog_not_json',
      malformed: 'agent.ai_catalog_malformed',
    },
  },
  {
    path: '/.well-known/ard.json',
    standard: 'ard',
    name: 'ARD manifest',
    version: false,
    ids: { ok: 'agent.ard_ok', notJson: 'agent.ard_not_json', malformed: 'agent.ard_malformed' },
  },
];

/** One catalog document judged: valid, or the finding naming what is wrong. */
function judgeSource(
  fetchedText: { text: string; type: string },
  where: string,
  source: CatalogSource,
): CatalogEvidence {
  const standard = standardRef(source.standard);
  if (!/json/.test(fetchedText.type)) {
    return {
      problem: {
        id: source.ids.notJson,
        state: 'bad',
        standard,
        text: `${where} answers ${fetchedText.type || 'no content type'}, not JSON (${source.name}).`,
      },
    };
  }
  const judged = judgeCatalog(parseJson(fetchedText.text), { requireSpecVersion: source.version });
  if (judged.problems.length > 0) {
    return {
      problem: {
        id: source.ids.malformed,
        state: 'bad',
        standard,
        text: `The ${source.name} at ${where} is malformed: ${judged.problems.slice(0, 4).join('; ')}.`,
      },
    };
  }
  const types = [...new Set(judged.entries.map((entry) => entry.type))].join(', ');
  const count = judged.entries.length;
  return {
    valid: {
      id: source.ids.ok,
      state: 'good',
      standard,
      text: `${source.name} at ${where} lists ${count} entr${count === 1 ? 'y' : 'ies'}${types === '' ? '' : ` (${types})`}.`,
    },
  };
}

/** The first valid catalog among the well-known paths and the hinted URLs, else the first problem. */
function catalogEvidence(artifacts: ScanArtifacts): CatalogEvidence | undefined {
  const found: CatalogEvidence[] = [];
  for (const source of SOURCES) {
    const fetched = artifacts.probes[source.path];
    if (!isOk(fetched)) continue;
    const type = (fetched.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    found.push(judgeSource({ text: fetched.text, type }, source.path, source));
  }
  for (const [url, fetched] of Object.entries(artifacts.hintedCatalogs ?? {})) {
    if (!isOk(fetched) || !isJsonResponse(fetched)) continue;
    const document = parseJson(fetched.text);
    const source =
      isObject(document) && typeof document.specVersion === 'string' ? SOURCES[0] : SOURCES[1];
    if (source === undefined) continue;
    found.push(
      judgeSource(
        { text: fetched.text, type: 'application/json' },
        shortUrl(url, artifacts.origin),
        source,
      ),
    );
  }
  return found.find((evidence) => evidence.valid) ?? found[0];
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

/** A catalog at either path (or where a hint points), else agents.json, else WebMCP tools. */
export function manifestSignal(
  artifacts: ScanArtifacts,
  missing: MissingSignal,
  points: number,
): Signal {
  const catalog = catalogEvidence(artifacts);
  const hints = discoveryHints(artifacts);
  const manifest = artifacts.probes['/.well-known/agents.json'];
  const agentsJson =
    isOk(manifest) && isJsonResponse(manifest) && isObject(parseJson(manifest.text));
  if (catalog?.valid !== undefined) {
    return pass('manifests', points, catalog.valid, ...hints);
  }
  const problem = catalog?.problem === undefined ? [] : [catalog.problem];
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
      ...problem,
      ...hints,
    );
  }
  const webMcp = webMcpSignal(artifacts, points);
  if (webMcp !== undefined) {
    return { ...webMcp, findings: [...problem, ...webMcp.findings, ...hints] };
  }
  if (catalog?.problem !== undefined) return fail('manifests', points, catalog.problem, ...hints);
  const absent = missing(
    'manifests',
    points,
    'AI Catalog, ARD manifest, agents.json or WebMCP tools',
    ['/.well-known/ai-catalog.json', '/.well-known/ard.json', '/.well-known/agents.json'],
  );
  return { ...absent, findings: [...absent.findings, ...hints] };
}
