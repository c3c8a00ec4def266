/**
 * Check 8 `agent` (A, 12): agent protocol endpoints (MCP server card, A2A agent card, Agent
 * Skills index, agents.json/ARD, WebMCP). For content sites, absence is N/A; whatever is
 * published is always scored. The scanner sends GET only, so the live MCP endpoint is not
 * probed with `initialize` and counts as unverifiable (half) when a card names one.
 */
import {
  contentTypeOf,
  type Fetched,
  isJsonResponse,
  isOk,
  isScannerFailure,
  type ScanArtifacts,
} from '#shared/domain/scan-engine/artifacts';
import { classifySite } from '#shared/domain/scan-engine/context';
import { isObject, type JsonObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import {
  atBestHalf,
  buildCheck,
  type CheckDefinition,
  earnedPoints,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Check, Finding, FindingId } from '#shared/domain/scan-engine/types';
import { a2aSignal } from './agent-a2a.ts';
import { actionFindings } from './agent-actions.ts';
import { type MissingKey, type MissingSignal, manifestSignal } from './agent-discovery.ts';
import {
  cardFromCatalogs,
  legacyCard,
  MCP_CARD_PATHS,
  MCP_LIVE_NOTE,
  MCP_POINTS,
  mcpCardSignals,
} from './agent-mcp.ts';

export const AGENT_CHECK: CheckDefinition = {
  id: 'agent',
  pillar: 'A',
  title: 'Agent protocol endpoints',
};

// docs/scan-engine.md ("Checks") lists 4 + 3 + 2 + 2 = 11 for a 12-point check; the spare point
// goes to the MCP card.
const POINTS = { ...MCP_POINTS, a2a: 3, skills: 2, manifests: 2 } as const;

const SKILLS_SCHEMA = /schemas\.agentskills\.io\/discovery\//;

/** The finding of each signal nobody published, by the signal's key. */
const MISSING_IDS: Record<MissingKey, FindingId> = {
  'mcp-card': 'agent.mcp_card_missing',
  'a2a-card': 'agent.a2a_card_missing',
  skills: 'agent.skills_missing',
  manifests: 'agent.manifest_missing',
};

interface Found {
  path: string;
  document: JsonObject;
}

function a2aCardSignal(artifacts: ScanArtifacts, found: Found): Signal {
  const fetched = artifacts.probes[found.path];
  const response = isOk(fetched) ? fetched : undefined;
  return a2aSignal(found.path, found.document, {
    contentType: response === undefined ? '' : contentTypeOf(response),
    cardUrl: response?.finalUrl ?? `${artifacts.origin}${found.path}`,
    keySets: artifacts.a2aKeySets ?? {},
  });
}

/** The first probe among `paths` that answered 2xx JSON with an object body. */
function firstJson(artifacts: ScanArtifacts, paths: readonly string[]): Found | undefined {
  for (const path of paths) {
    const fetched = artifacts.probes[path];
    if (isOk(fetched) && isJsonResponse(fetched)) {
      const document = parseJson(fetched.text);
      if (isObject(document)) {
        return { path, document };
      }
    }
  }
  return undefined;
}

function allFailed(artifacts: ScanArtifacts, paths: readonly string[]): boolean {
  const fetched = paths
    .map((path) => artifacts.probes[path])
    .filter((probe): probe is Fetched => probe !== undefined);
  return fetched.length > 0 && fetched.every(isScannerFailure);
}

export function evaluateAgent(artifacts: ScanArtifacts): Check {
  const site = classifySite(artifacts);
  const absenceIsNa = site.type === 'content';
  const missing: MissingSignal = (key, points, what, paths) => {
    if (allFailed(artifacts, paths)) {
      return unverifiable(key, points, { cause: 'scanner', note: `${what} (${paths.join(', ')})` });
    }
    if (absenceIsNa) {
      return notApplicable(key, points);
    }
    return fail(key, points, {
      id: MISSING_IDS[key],
      state: 'warn',
      text: `No ${what} (${paths.join(', ')}).`,
    });
  };
  const a2aFound = firstJson(artifacts, [
    '/.well-known/agent-card.json',
    '/.well-known/agent.json',
  ]);
  const a2a = a2aFound === undefined ? undefined : a2aCardSignal(artifacts, a2aFound);
  const mcp = mcpSignals(artifacts, alternativeTo(missing, a2aUsable(a2a), 'A2A'), absenceIsNa);
  const skills = firstJson(artifacts, ['/.well-known/agent-skills/index.json']);
  const a2aMissing = alternativeTo(missing, mcpUsable(mcp), 'MCP');
  const signals: Signal[] = [
    ...mcp,
    a2a ?? a2aMissing('a2a-card', POINTS.a2a, 'A2A agent card', ['/.well-known/agent-card.json']),
    skills !== undefined
      ? skillsSignal(skills)
      : missing('skills', POINTS.skills, 'Agent Skills index', [
          '/.well-known/agent-skills/index.json',
        ]),
    manifestSignal(artifacts, missing, POINTS.manifests),
  ];
  const siteFinding: Finding = {
    id: 'agent.site_type',
    state: 'info',
    text: absenceIsNa
      ? `Site type: content (${site.evidence.join(', ')}); missing agent endpoints are not applicable, published ones are scored.`
      : `Site type: ${site.type} (${site.evidence.join(', ')}); agent endpoints are expected.`,
  };
  const check = buildCheck(AGENT_CHECK, signals, [siteFinding, ...actionFindings(artifacts)]);
  if (check.max === 0 && check.findings.every((finding) => finding.state === 'info')) {
    check.findings.unshift({
      id: 'agent.not_applicable',
      standard: standardRef('scoring'),
      state: 'unknown',
      text: 'Not applicable: content site, no agent manifests published.',
    });
  }
  return check;
}

/**
 * MCP and A2A are two protocols for two kinds of service (docs/decisions.md, issue 15): an MCP
 * server offers tools an agent calls, an A2A server is an agent that takes tasks from other
 * agents. A site whose agent interface is a usable card of one protocol is not faulted for
 * lacking the other: the absence is not applicable, said in an `info` finding. The published
 * card of either is always scored.
 */
function alternativeTo(missing: MissingSignal, usable: boolean, protocol: string): MissingSignal {
  return (key, points, what, paths) => {
    const signal = missing(key, points, what, paths);
    if (!usable || signal.outcome !== 'fail') return signal;
    const text =
      protocol === 'MCP'
        ? `No ${what}: not applicable, the site's agent interface is its MCP server card (a tool server); an A2A card describes an agent that takes tasks from other agents.`
        : `No ${what}: not applicable, the site's agent interface is its A2A agent card; an MCP server card describes a tool server.`;
    const id = protocol === 'MCP' ? 'agent.a2a_card_not_needed' : 'agent.mcp_card_not_needed';
    return notApplicable(key, points, { id, state: 'info', text });
  };
}

/** A card that names its server and endpoint (the MCP card signal passed). */
function mcpUsable(signals: readonly Signal[]): boolean {
  return signals.some((signal) => signal.key === 'mcp-card' && signal.outcome === 'pass');
}

/** An A2A card with name, endpoint and skills (at least two thirds of its points). */
function a2aUsable(signal: Signal | undefined): boolean {
  return signal !== undefined && earnedPoints(signal) >= (signal.points * 2) / 3 - 1e-9;
}

function mcpSignals(
  artifacts: ScanArtifacts,
  missing: MissingSignal,
  absenceIsNa: boolean,
): Signal[] {
  const current = cardFromCatalogs(artifacts);
  const card = current !== undefined && !('state' in current) ? current : legacyCard(artifacts);
  const problem = current !== undefined && 'state' in current ? current : undefined;
  if (card !== undefined) {
    const signals = mcpCardSignals(card, artifacts.origin);
    if (problem === undefined) return signals;
    const [first, ...rest] = signals;
    return first === undefined
      ? signals
      : [{ ...first, findings: [...first.findings, problem] }, ...rest];
  }
  if (problem !== undefined && problem.state === 'bad') {
    return [
      fail('mcp-card', MCP_POINTS.mcpCard, problem),
      atBestHalf(fail('mcp-live', MCP_POINTS.mcpLive), MCP_LIVE_NOTE),
    ];
  }
  const paths = [
    '/.well-known/ai-catalog.json',
    '/.well-known/mcp/catalog.json',
    ...MCP_CARD_PATHS,
  ];
  const absent = missing('mcp-card', MCP_POINTS.mcpCard, 'MCP server card', paths);
  const live =
    absenceIsNa || absent.outcome === 'na'
      ? notApplicable('mcp-live', MCP_POINTS.mcpLive)
      : atBestHalf(fail('mcp-live', MCP_POINTS.mcpLive), MCP_LIVE_NOTE);
  return [
    problem === undefined ? absent : { ...absent, findings: [...absent.findings, problem] },
    live,
  ];
}

function skillsSignal(index: Found): Signal {
  const document = index.document;
  const skills = Array.isArray(document.skills) ? document.skills.filter(isObject) : [];
  const named = skills.filter((skill) => typeof skill.name === 'string');
  const schemaOk = typeof document.$schema === 'string' && SKILLS_SCHEMA.test(document.$schema);
  if (named.length > 0 && schemaOk) {
    return pass('skills', POINTS.skills, {
      id: 'agent.skills_ok',
      state: 'good',
      text: `Agent Skills index lists ${named.length} named skill(s).`,
    });
  }
  return partial('skills', POINTS.skills, named.length > 0 ? 0.5 : 0, {
    id: 'agent.skills_invalid',
    state: 'bad',
    text: `Agent Skills index at ${index.path} ${schemaOk ? '' : 'lacks the discovery $schema'}${!schemaOk && named.length === 0 ? ' and ' : ''}${named.length === 0 ? 'lists no named skills' : ''}.`,
  });
}
