/**
 * Check 8 `agent` (A, 12): agent protocol endpoints (MCP server card, A2A agent card, Agent
 * Skills index, agents.json/ARD, WebMCP). For content sites, absence is N/A; whatever is
 * published is always scored. The scanner sends GET only, so the live MCP endpoint is not
 * probed with `initialize` and counts as unverifiable (half) when a card names one.
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  isScannerFailure,
  type ScanArtifacts,
  shortUrl,
} from '../artifacts.ts';
import { classifySite, homepageFacts } from '../context.ts';
import { isObject, type JsonObject, parseJson } from '../parse/json-ld.ts';
import {
  atBestHalf,
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '../scoring.ts';
import { standardRef } from '../standards.ts';
import type { Check } from '../types.ts';

export const AGENT_CHECK: CheckDefinition = {
  id: 'agent',
  pillar: 'A',
  title: 'Agent protocol endpoints',
};

// research/scan.md lists 4 + 3 + 2 + 2 = 11 for a 12-point check; the spare point goes to the MCP card.
const POINTS = { mcpCard: 4, mcpLive: 1, a2a: 3, skills: 2, manifests: 2 } as const;

export const MCP_CARD_PATHS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp/server-card',
  '/.well-known/mcp-server-card',
  '/.well-known/mcp.json',
] as const;
const SKILLS_SCHEMA = /schemas\.agentskills\.io\/discovery\//;

interface Found {
  path: string;
  document: JsonObject;
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

/** The live MCP endpoint is never called (GET only): fixing the card earns it half at best. */
function mcpLiveUnchecked(signal: Signal): Signal {
  return atBestHalf(signal, MCP_LIVE_NOTE);
}

const MCP_LIVE_NOTE =
  'whether the MCP endpoint answers (the scanner only sends GET, so it does not POST initialize)';

type MissingSignal = (
  key: string,
  points: number,
  what: string,
  paths: readonly string[],
) => Signal;

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
    return fail(key, points, { state: 'warn', text: `No ${what} (${paths.join(', ')}).` });
  };
  const mcp = firstJson(artifacts, MCP_CARD_PATHS);
  const a2a = firstJson(artifacts, ['/.well-known/agent-card.json', '/.well-known/agent.json']);
  const skills = firstJson(artifacts, ['/.well-known/agent-skills/index.json']);
  const signals: Signal[] = [
    ...(mcp !== undefined
      ? mcpSignals(artifacts, mcp)
      : [
          missing('mcp-card', POINTS.mcpCard, 'MCP server card', MCP_CARD_PATHS),
          absenceIsNa
            ? notApplicable('mcp-live', POINTS.mcpLive)
            : mcpLiveUnchecked(fail('mcp-live', POINTS.mcpLive)),
        ]),
    a2a !== undefined
      ? a2aSignal(a2a)
      : missing('a2a-card', POINTS.a2a, 'A2A agent card', ['/.well-known/agent-card.json']),
    skills !== undefined
      ? skillsSignal(skills)
      : missing('skills', POINTS.skills, 'Agent Skills index', [
          '/.well-known/agent-skills/index.json',
        ]),
    manifestSignal(artifacts, missing),
  ];
  const siteFinding = {
    state: 'info' as const,
    text: absenceIsNa
      ? `Site type: content (${site.evidence.join(', ')}); missing agent endpoints are not applicable, published ones are scored.`
      : `Site type: ${site.type} (${site.evidence.join(', ')}); agent endpoints are expected.`,
  };
  const check = buildCheck(AGENT_CHECK, signals, [siteFinding]);
  if (check.max === 0 && check.findings.every((finding) => finding.state === 'info')) {
    check.findings.unshift({
      standard: standardRef('scoring'),
      state: 'unknown',
      text: 'Not applicable: content site, no agent manifests published.',
    });
  }
  return check;
}

/** agents.json or ARD, else WebMCP registered in the static HTML. */
function manifestSignal(artifacts: ScanArtifacts, missing: MissingSignal): Signal {
  const manifest = firstJson(artifacts, ['/.well-known/agents.json', '/.well-known/ard.json']);
  if (manifest !== undefined) {
    return pass('manifests', POINTS.manifests, {
      state: 'good',
      text: `Agent manifest published at ${manifest.path}.`,
    });
  }
  const webMcp = webMcpEvidence(artifacts);
  if (webMcp === 'registered') {
    return pass('manifests', POINTS.manifests, {
      state: 'good',
      text: 'The homepage registers WebMCP tools (navigator.modelContext) in its static HTML.',
    });
  }
  if (webMcp === 'hinted') {
    return unverifiable('manifests', POINTS.manifests, {
      cause: 'outside',
      note: 'WebMCP tools registered at runtime (scripts mention WebMCP; confirming it needs a browser)',
    });
  }
  return missing(
    'manifests',
    POINTS.manifests,
    'agents.json, ARD manifest or WebMCP registration',
    ['/.well-known/agents.json', '/.well-known/ard.json'],
  );
}

function mcpSignals(artifacts: ScanArtifacts, card: Found): Signal[] {
  const document = card.document;
  const name = typeof document.name === 'string' ? document.name : undefined;
  const serverInfo = isObject(document.serverInfo) ? document.serverInfo : undefined;
  const remotes = Array.isArray(document.remotes) ? document.remotes.filter(isObject) : [];
  const endpoint =
    remotes.map((remote) => remote.url).find((url): url is string => typeof url === 'string') ??
    (typeof document.url === 'string' ? document.url : undefined) ??
    (typeof document.endpoint === 'string' ? document.endpoint : undefined) ??
    (isObject(document.transport) && typeof document.transport.url === 'string'
      ? document.transport.url
      : undefined);
  const tier =
    card.path === MCP_CARD_PATHS[0]
      ? 'current path'
      : card.path === '/.well-known/mcp.json'
        ? 'legacy path'
        : 'alternative path';
  const hasName =
    name !== undefined || (serverInfo !== undefined && typeof serverInfo.name === 'string');
  const signals: Signal[] = [];
  if (hasName && endpoint !== undefined) {
    signals.push(
      pass('mcp-card', POINTS.mcpCard, {
        state: card.path === MCP_CARD_PATHS[0] ? 'good' : 'warn',
        text: `MCP server card at ${card.path} (${tier}) names "${name ?? String(serverInfo?.name)}" with endpoint ${shortUrl(endpoint, artifacts.origin)}${card.path === MCP_CARD_PATHS[0] ? '' : `; also publish it at ${MCP_CARD_PATHS[0]}`}.`,
      }),
    );
    signals.push(
      unverifiable('mcp-live', POINTS.mcpLive, {
        cause: 'outside',
        note: MCP_LIVE_NOTE,
      }),
    );
  } else {
    signals.push(
      partial('mcp-card', POINTS.mcpCard, 0.25, {
        state: 'bad',
        text: `MCP server card at ${card.path} lacks ${hasName ? '' : 'a name'}${!hasName && endpoint === undefined ? ' and ' : ''}${endpoint === undefined ? 'a transport URL (remotes[].url)' : ''}.`,
      }),
      mcpLiveUnchecked(fail('mcp-live', POINTS.mcpLive)),
    );
  }
  return signals;
}

function a2aSignal(card: Found): Signal {
  const document = card.document;
  const legacy = card.path.endsWith('agent.json');
  const hasName = typeof document.name === 'string';
  const hasEndpoint =
    typeof document.url === 'string' ||
    (Array.isArray(document.supportedInterfaces) && document.supportedInterfaces.length > 0);
  const hasSkills = Array.isArray(document.skills) && document.skills.length > 0;
  const missing = [
    hasName ? '' : 'name',
    hasEndpoint ? '' : 'url/supportedInterfaces',
    hasSkills ? '' : 'skills',
  ].filter(Boolean);
  if (missing.length > 0) {
    return partial('a2a-card', POINTS.a2a, 1 / 3, {
      state: 'bad',
      text: `A2A agent card at ${card.path} lacks ${missing.join(', ')}.`,
    });
  }
  if (legacy) {
    return partial('a2a-card', POINTS.a2a, 2 / 3, {
      state: 'warn',
      text: `A2A agent card found only at the legacy ${card.path}; publish it at /.well-known/agent-card.json.`,
    });
  }
  return pass('a2a-card', POINTS.a2a, {
    state: 'good',
    text: `A2A agent card at ${card.path} with name, endpoint and ${(document.skills as unknown[]).length} skill(s).`,
  });
}

function skillsSignal(index: Found): Signal {
  const document = index.document;
  const skills = Array.isArray(document.skills) ? document.skills.filter(isObject) : [];
  const named = skills.filter((skill) => typeof skill.name === 'string');
  const schemaOk = typeof document.$schema === 'string' && SKILLS_SCHEMA.test(document.$schema);
  if (named.length > 0 && schemaOk) {
    return pass('skills', POINTS.skills, {
      state: 'good',
      text: `Agent Skills index lists ${named.length} named skill(s).`,
    });
  }
  return partial('skills', POINTS.skills, named.length > 0 ? 0.5 : 0, {
    state: 'bad',
    text: `Agent Skills index at ${index.path} ${schemaOk ? '' : 'lacks the discovery $schema'}${!schemaOk && named.length === 0 ? ' and ' : ''}${named.length === 0 ? 'lists no named skills' : ''}.`,
  });
}

function webMcpEvidence(artifacts: ScanArtifacts): 'registered' | 'hinted' | 'none' {
  const facts = homepageFacts(artifacts);
  if (facts === undefined) {
    return 'none';
  }
  const inline = facts.inlineScripts.join('\n');
  if (/navigator\.modelContext\s*\.\s*(registerTool|provideContext)\s*\(/.test(inline)) {
    return 'registered';
  }
  return /modelContext|webmcp/i.test(inline) ? 'hinted' : 'none';
}
