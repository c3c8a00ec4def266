/**
 * Evidence for the agent check's WebMCP signal: tools visible in the homepage's static HTML,
 * `document.modelContext` registration or declarative tool forms in full, the deprecated
 * `navigator.modelContext` in full with a note (docs/scan-engine.md). The AI Catalog is judged
 * with the other discovery documents in agent-discovery.ts.
 */
import { isResponse, type ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { webMcpFacts } from '#shared/domain/scan-engine/parse/webmcp';
import { fail, pass, type Signal, unverifiable } from '#shared/domain/scan-engine/scoring';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

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
  const malformed: Finding[] =
    webMcp.formsWithoutDescription.length > 0
      ? [
          {
            state: 'bad',
            standard,
            text: `Form tool(s) ${webMcp.formsWithoutDescription.join(', ')} have a toolname but no tooldescription; agents cannot tell what they do. Add tooldescription="...".`,
          },
        ]
      : [];
  if (webMcp.imperative === 'document' || (webMcp.imperative === undefined && forms.length > 0)) {
    const parts = [
      webMcp.imperative === 'document' ? 'registers tools on document.modelContext' : '',
      ...forms,
    ];
    return pass(
      'manifests',
      points,
      {
        state: 'good',
        standard,
        text: `The homepage's static HTML ${parts.filter(Boolean).join(' and ')} (WebMCP).`,
      },
      ...malformed,
    );
  }
  if (webMcp.imperative === 'navigator') {
    return pass(
      'manifests',
      points,
      {
        state: 'warn',
        standard: standardRef('webmcp-navigator'),
        text: `The homepage registers WebMCP tools on navigator.modelContext, a deprecated alias: register them with document.modelContext.registerTool(...). Credited in full meanwhile${forms.length > 0 ? `; also ${forms[0]}` : ''}.`,
      },
      ...malformed,
    );
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
