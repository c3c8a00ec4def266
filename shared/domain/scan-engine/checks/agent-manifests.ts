/**
 * Evidence for the agent check's WebMCP signal: tools visible in the homepage's static HTML,
 * `document.modelContext` registration or declarative tool forms in full, the deprecated
 * `navigator.modelContext` in full with a note (docs/scan-engine.md). The AI Catalog is judged
 * with the other discovery documents in agent-discovery.ts.
 */
import { isResponse, type ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { type WebMcpFacts, webMcpFacts } from '#shared/domain/scan-engine/parse/webmcp';
import { fail, pass, type Signal, unverifiable } from '#shared/domain/scan-engine/scoring';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding, FindingStandard } from '#shared/domain/scan-engine/types';

/** WebMCP tools seen without a browser, or `undefined` when there is no trace of WebMCP. */
export function webMcpSignal(artifacts: ScanArtifacts, points: number): Signal | undefined {
  const facts = homepageFacts(artifacts);
  if (facts === undefined || !isResponse(artifacts.homepage)) return undefined;
  const webMcp = webMcpFacts(artifacts.homepage.text, facts.inlineScripts);
  const standard = standardRef('webmcp');
  const forms =
    webMcp.forms.length > 0
      ? [`${webMcp.forms.length} declarative tool form(s) (${webMcp.forms.slice(0, 5).join(', ')})`]
      : [];
  const malformed = undescribedForms(webMcp, standard);
  if (webMcp.imperative === 'document' || (webMcp.imperative === undefined && forms.length > 0)) {
    return pass('manifests', points, documentToolsFinding(webMcp, forms, standard), ...malformed);
  }
  if (webMcp.imperative === 'navigator') {
    return pass('manifests', points, navigatorToolsFinding(forms), ...malformed);
  }
  if (malformed.length > 0) return fail('manifests', points, ...malformed);
  if (webMcp.hinted) {
    return unverifiable('manifests', points, {
      cause: 'outside',
      note: 'WebMCP tools registered at runtime (scripts mention WebMCP; confirming it needs a browser)',
    });
  }
  return undefined;
}

/** Form tools an agent cannot use well: a toolname without a tooldescription. */
function undescribedForms(webMcp: WebMcpFacts, standard: FindingStandard): Finding[] {
  if (webMcp.formsWithoutDescription.length === 0) return [];
  return [
    {
      id: 'agent.webmcp_form_undescribed',
      state: 'bad',
      standard,
      text: `Form tool(s) ${webMcp.formsWithoutDescription.join(', ')} have a toolname but no tooldescription; agents cannot tell what they do. Add tooldescription="...".`,
    },
  ];
}

/** Tools on `document.modelContext` or in declarative forms: WebMCP as specified. */
function documentToolsFinding(
  webMcp: WebMcpFacts,
  forms: readonly string[],
  standard: FindingStandard,
): Finding {
  const parts = [
    webMcp.imperative === 'document' ? 'registers tools on document.modelContext' : '',
    ...forms,
  ];
  return {
    id: 'agent.webmcp_tools',
    state: 'good',
    standard,
    text: `The homepage's static HTML ${parts.filter(Boolean).join(' and ')} (WebMCP).`,
  };
}

/** Tools on the deprecated `navigator.modelContext`: credited in full, with a note to move. */
function navigatorToolsFinding(forms: readonly string[]): Finding {
  return {
    id: 'agent.webmcp_navigator',
    state: 'warn',
    standard: standardRef('webmcp-navigator'),
    text: `The homepage registers WebMCP tools on navigator.modelContext, a deprecated alias: register them with document.modelContext.registerTool(...). Credited in full meanwhile${forms.length > 0 ? `; also ${forms[0]}` : ''}.`,
  };
}
