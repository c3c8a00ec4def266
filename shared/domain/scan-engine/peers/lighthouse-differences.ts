/**
 * Where our verdict differs from what Lighthouse would say (issue 37, point 5), one `info`
 * finding in the check a person compares (no points): `llms-txt` beside `llms`, `ard-schema`
 * beside `agent`. Our side of `llms-txt` is the llms check's state; our side of `ard-schema` is
 * the agent catalog as ARD and the AI Catalog read it (agent-discovery.ts). Each finding says
 * what Lighthouse looked at, why it decides as it does, and why this scan decides otherwise.
 */
import type { ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { catalogVerdicts } from '#shared/domain/scan-engine/checks/agent-discovery';
import { standardRef } from '#shared/domain/scan-engine/standards';
import {
  type Check,
  type CheckId,
  type CheckState,
  type Finding,
  LIGHTHOUSE_VERSION,
  type LighthouseAuditId,
  type PeerVerdict,
} from '#shared/domain/scan-engine/types';
import type { AuditOutcome } from './lighthouse.ts';

const WORDS: Record<PeerVerdict, string> = {
  pass: 'pass',
  warn: 'warn (0.9)',
  fail: 'fail',
  na: 'not applicable',
};

const FROM_STATE: Record<CheckState, PeerVerdict | undefined> = {
  good: 'pass',
  warn: 'warn',
  bad: 'fail',
  unknown: undefined,
};

/** Our verdict on the agent catalog, on Lighthouse's scale. */
function ourCatalogVerdict(artifacts: ScanArtifacts): { verdict: PeerVerdict; why: string } {
  const verdicts = catalogVerdicts(artifacts);
  const valid = verdicts.filter((verdict) => verdict.valid);
  if (valid.length === 0) {
    return verdicts.length === 0
      ? { verdict: 'na', why: 'this scan found no agent catalog' }
      : { verdict: 'fail', why: `this scan finds ${verdicts[0]?.where} malformed` };
  }
  const warned = valid.filter((verdict) => verdict.findings.some((f) => f.state === 'warn'));
  const where = valid.map(
    (verdict) => `${verdict.where} (${verdict.source.text === 'ard' ? 'ARD v0.91' : 'AI Catalog'})`,
  );
  return warned.length === valid.length
    ? {
        verdict: 'warn',
        why: `this scan reads ${where.join(' and ')} as valid but warns about representativeQueries`,
      }
    : {
        verdict: 'pass',
        why: `this scan reads ${where.join(' and ')} as valid, each against its own text`,
      };
}

/** Why Lighthouse and this scan read the catalog differently, when a known cause explains it. */
function catalogCause(outcome: { why: string }): string {
  if (/does not read \/\.well-known\/ard\.json/.test(outcome.why)) {
    return ' Lighthouse 13.5.0 reads only /.well-known/ai-catalog.json (or what an Agentmap line or rel="ai-catalog" names), not ARD v0.91\'s /.well-known/ard.json: serve the same entries at /.well-known/ai-catalog.json for it.';
  }
  if (/the root has member/.test(outcome.why)) {
    return ' Its schema (ard-spec b76f235) admits no other top-level members, while ARD v0.91 §5.1 ignores them (a known Lighthouse defect, GoogleChrome/lighthouse#17251).';
  }
  if (/missing displayName|'displayName' is a required/.test(outcome.why)) {
    return ' It requires displayName on every entry, as ARD does; the AI Catalog and the MCP discovery draft do not. Add displayName to satisfy every reader.';
  }
  if (/not one of its discovery types/.test(outcome.why)) {
    return ' It warns on entry types outside its list of discovery types (MCP server cards, A2A cards, agent skills, catalogs and registries).';
  }
  if (/not valid JSON|specVersion/.test(outcome.why)) {
    return ' It reads whatever file it finds as an AI Catalog (specVersion "1.0", valid JSON), whichever text the file follows.';
  }
  return '';
}

function finding(
  id: LighthouseAuditId,
  theirs: { verdict: PeerVerdict; why: string },
  ours: string,
): Finding {
  return {
    id: id === 'llms-txt' ? 'llms.lighthouse_differs' : 'agent.lighthouse_differs',
    state: 'info',
    standard: standardRef('lighthouse-agentic'),
    text: `Lighthouse ${LIGHTHOUSE_VERSION} would say ${WORDS[theirs.verdict]} for ${id}: ${theirs.why}. ${ours}`,
  };
}

/** The difference findings, by the check they belong beside. */
export function lighthouseDifferences(
  outcomes: Record<LighthouseAuditId, AuditOutcome>,
  checks: readonly Check[],
  artifacts: ScanArtifacts,
  notJudged: ReadonlySet<CheckId>,
): Map<CheckId, Finding[]> {
  const notes = new Map<CheckId, Finding[]>();
  const llms = outcomes['llms-txt'];
  const llmsCheck = checks.find((check) => check.id === 'llms');
  const ourLlms = llmsCheck === undefined ? undefined : FROM_STATE[llmsCheck.state];
  if ('verdict' in llms && ourLlms !== undefined && ourLlms !== llms.verdict) {
    const ours =
      llms.verdict === 'na'
        ? 'This scan reads a missing /llms.txt as missing: it costs little to publish and agents look for it (a file in a subpath covers only its pages).'
        : llms.verdict === 'fail'
          ? `This scan says ${WORDS[ourLlms]}: it scores the file's parts one by one, and Lighthouse fails the file when any one of a heading, a link and 50 characters is missing (or the fetch fails).`
          : `This scan says ${WORDS[ourLlms]}: Lighthouse asks only for a heading, a link and 50 characters, while this scan also judges the content type, the summary, the link sections, whether the links answer and llms-full.txt (see the findings above).`;
    notes.set('llms', [finding('llms-txt', llms, ours)]);
  }
  const ard = outcomes['ard-schema'];
  const agentCheck = checks.find((check) => check.id === 'agent');
  if ('verdict' in ard && agentCheck !== undefined && !notJudged.has('agent')) {
    const ours = ourCatalogVerdict(artifacts);
    if (ours.verdict !== ard.verdict) {
      const text = `This scan says ${WORDS[ours.verdict]}: ${ours.why}.${catalogCause(ard)}`;
      notes.set('agent', [finding('ard-schema', ard, text)]);
    }
  }
  return notes;
}
