/**
 * What Lighthouse would say (issue 37, point 5): the verdicts of Lighthouse 13.5.0's Agentic
 * Browsing audits that can be computed honestly from what the scan fetched, from the rules of
 * the published package (read in node_modules/lighthouse; never its code):
 *
 *   llms-txt              GET /llms.txt (Lighthouse gives a fetch 2 s): 5xx, no answer or a
 *                         failed fetch score 0; 4xx is not applicable; otherwise the text needs a
 *                         `# ` heading line, a `[..](..)` link and 50 characters, or it scores 0.
 *   ard-schema            the first of: robots.txt Agentmap, <link rel~="ai-catalog">,
 *                         Link: rel="ai-catalog", /.well-known/ai-catalog.json (13.5.0 does not
 *                         read ard.json); not applicable without an explicit signal unless the
 *                         file answers 200; a named file that does not answer 200 scores 0; then
 *                         lighthouse-catalog.ts: errors 0, warnings only 0.9.
 *   webmcp-form-coverage  in a Chrome with WebMCP: no <form> is not applicable; every form with
 *                         a toolname or tooldescription passes; otherwise the audit is only
 *                         informative (weight 0), reported as `na` here. Read from the static
 *                         HTML, so not judged when scripts build the page.
 *
 * Scores map to `pass` (1), `warn` (0.9), `fail` (0) and `na` (not applicable, or informative:
 * either way Lighthouse leaves it out of the category). Audits that need a browser run
 * (agent-accessibility-tree, cumulative-layout-shift, webmcp-registered-tools,
 * webmcp-schema-validity) are not computed. An audit we could not compute says why in
 * `not_judged`.
 */
import {
  type Fetched,
  type FetchedResponse,
  isHtmlResponse,
  isResponse,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { agentmapLines, relLinks } from '#shared/domain/scan-engine/collect/agents';
import { pageFacts } from '#shared/domain/scan-engine/context';
import { parseHtml } from '#shared/domain/scan-engine/html';
import { webMcpFacts } from '#shared/domain/scan-engine/parse/webmcp';
import { absoluteUrl } from '#shared/domain/scan-engine/site';
import {
  LIGHTHOUSE_AUDITS,
  LIGHTHOUSE_VERSION,
  type LighthouseAuditId,
  type LighthousePeer,
  type PeerVerdict,
} from '#shared/domain/scan-engine/types';
import { lighthouseCatalogRules } from './lighthouse-catalog.ts';

/** One audit as Lighthouse would see it: its verdict and, in words, why. */
export type AuditOutcome = { verdict: PeerVerdict; why: string } | { notJudged: string };

/** How long Lighthouse waits for a fetch (core/gather/fetcher.js, 2,000 ms). */
const LIGHTHOUSE_FETCH_MS = 2_000;

function fetchFailure(fetched: Fetched, what: string): AuditOutcome | undefined {
  switch (fetched.kind) {
    case 'response':
      return isResponse(fetched) && (fetched.elapsedMs ?? 0) > LIGHTHOUSE_FETCH_MS
        ? { verdict: 'fail', why: `${what} took longer than the 2 s Lighthouse waits for a fetch` }
        : undefined;
    case 'timeout':
    case 'redirect-loop':
      return { verdict: 'fail', why: `${what} could not be fetched (${fetched.message})` };
    default:
      return { notJudged: `this scan could not fetch ${what} (${fetched.message})` };
  }
}

export function llmsTxtAudit(artifacts: ScanArtifacts): AuditOutcome {
  const fetched = artifacts.llmsTxt;
  const failed = fetchFailure(fetched, '/llms.txt');
  if (failed !== undefined || !isResponse(fetched)) {
    return failed ?? { notJudged: 'no answer to judge' };
  }
  const status = fetched.status;
  if (status >= 500) return { verdict: 'fail', why: `/llms.txt answers HTTP ${status}` };
  if (status >= 400) {
    return {
      verdict: 'na',
      why: `/llms.txt answers HTTP ${status}, which Lighthouse does not judge`,
    };
  }
  if (status < 200 || status > 299) return { notJudged: `/llms.txt answered HTTP ${status}` };
  const text = fetched.text;
  const missing = [
    /^\s*#\s+.+/m.test(text) ? '' : 'a "# " heading line',
    /\[.+\]\(.+\)/.test(text) ? '' : 'a markdown link',
    text.length >= 50 ? '' : 'at least 50 characters',
  ].filter(Boolean);
  return missing.length === 0
    ? { verdict: 'pass', why: '/llms.txt has a heading, a link and 50 characters' }
    : { verdict: 'fail', why: `/llms.txt lacks ${missing.join(', ')}` };
}

/** The catalog URL Lighthouse 13.5.0 picks, and whether something named it explicitly. */
function lighthouseCatalogUrl(artifacts: ScanArtifacts): { url: string; via: string } | undefined {
  const base = isResponse(artifacts.homepage)
    ? artifacts.homepage.finalUrl
    : `${artifacts.origin}/`;
  const facts = isHtmlResponse(artifacts.homepage)
    ? (pageFacts(artifacts.homepage) ?? parseHtml(artifacts.homepage.text))
    : undefined;
  const links = relLinks(artifacts.homepage, facts, 'ai-catalog');
  const named: Array<[string | undefined, string]> = [
    [agentmapLines(artifacts.robots)[0], 'the robots.txt Agentmap line'],
    [links.html[0], 'the rel="ai-catalog" link element'],
    [links.header[0], 'the rel="ai-catalog" Link header'],
  ];
  for (const [href, via] of named) {
    const url = href === undefined ? undefined : absoluteUrl(href, base);
    if (url !== undefined) return { url, via };
  }
  return undefined;
}

function fetchedAt(artifacts: ScanArtifacts, url: string): Fetched | undefined {
  const path = url.startsWith(`${artifacts.origin}/`) ? url.slice(artifacts.origin.length) : '';
  return artifacts.probes[path] ?? artifacts.hintedCatalogs?.[url];
}

export function ardSchemaAudit(artifacts: ScanArtifacts): AuditOutcome {
  const named = lighthouseCatalogUrl(artifacts);
  const url = named?.url ?? `${artifacts.origin}/.well-known/ai-catalog.json`;
  const where = shortUrl(url, artifacts.origin);
  const fetched = fetchedAt(artifacts, url);
  if (fetched === undefined) {
    return {
      notJudged: `${named?.via ?? 'the site'} names ${where}, which this scan does not fetch`,
    };
  }
  const failed = fetchFailure(fetched, where);
  if (failed !== undefined) {
    return 'verdict' in failed && named === undefined
      ? { verdict: 'na', why: `${where} gave no 200 answer and nothing names a catalog` }
      : failed;
  }
  const response = fetched as FetchedResponse;
  if (named === undefined && response.status !== 200) {
    return {
      verdict: 'na',
      why: `${where} answers HTTP ${response.status} and nothing names a catalog (Lighthouse 13.5.0 does not read /.well-known/ard.json)`,
    };
  }
  const found = named === undefined ? where : `${where} (named by ${named.via})`;
  if (response.status !== 200 || response.text === '') {
    return {
      verdict: 'fail',
      why: `${found} answers HTTP ${response.status} with nothing to validate`,
    };
  }
  if (response.bom === true) {
    return {
      verdict: 'fail',
      why: `${found} starts with a byte-order mark, which its JSON parser rejects`,
    };
  }
  const rules = lighthouseCatalogRules(response.text);
  if (rules.errors.length > 0) {
    return { verdict: 'fail', why: `${found}: ${rules.errors.slice(0, 2).join('; ')}` };
  }
  return rules.warnings.length > 0
    ? { verdict: 'warn', why: `${found}: ${rules.warnings.slice(0, 2).join('; ')}` }
    : { verdict: 'pass', why: `${found} passes its AI Catalog schema and conformance rules` };
}

export function formCoverageAudit(artifacts: ScanArtifacts): AuditOutcome {
  const homepage = artifacts.homepage;
  if (!isResponse(homepage)) return { notJudged: 'the homepage gave no page' };
  const facts = pageFacts(homepage);
  if (facts?.hasEmptySpaRoot) {
    return {
      notJudged: 'scripts build the homepage; forms they add are not in the HTML this scan read',
    };
  }
  const forms = webMcpFacts(homepage.text, facts?.inlineScripts ?? []).allForms;
  if (forms.total === 0) return { verdict: 'na', why: 'the homepage has no form' };
  return forms.unannotated === 0
    ? { verdict: 'pass', why: `every form (${forms.total}) has a toolname or tooldescription` }
    : {
        verdict: 'na',
        why: `${forms.unannotated} of ${forms.total} form(s) have no WebMCP annotation, which Lighthouse lists as information only`,
      };
}

const AUDITS: Record<LighthouseAuditId, (artifacts: ScanArtifacts) => AuditOutcome> = {
  'llms-txt': llmsTxtAudit,
  'ard-schema': ardSchemaAudit,
  'webmcp-form-coverage': formCoverageAudit,
};

/** Every audit's outcome, and the `peers.lighthouse` they make. */
export function lighthouseOutcomes(artifacts: ScanArtifacts): {
  peer: LighthousePeer;
  outcomes: Record<LighthouseAuditId, AuditOutcome>;
} {
  const peer: LighthousePeer = { version: LIGHTHOUSE_VERSION, audits: {}, not_judged: {} };
  const outcomes = {} as Record<LighthouseAuditId, AuditOutcome>;
  for (const id of LIGHTHOUSE_AUDITS) {
    const outcome = AUDITS[id](artifacts);
    outcomes[id] = outcome;
    if ('verdict' in outcome) peer.audits[id] = outcome.verdict;
    else peer.not_judged[id] = outcome.notJudged;
  }
  return { peer, outcomes };
}
