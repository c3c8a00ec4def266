/**
 * Check 4 `llms` (E, 8): an llms.txt guide (llmstxt.org). Modest weight, and absence scores 0
 * rather than N/A: it costs little to publish and several agents read it.
 */
import {
  contentTypeOf,
  describeCatchAll,
  describeFailure,
  type Fetched,
  type FetchedResponse,
  homepageHeaders,
  isOk,
  isResponse,
  isScannerFailure,
  type ScanArtifacts,
  seconds,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { isSubpathLlms } from '#shared/domain/scan-engine/collect/documents';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { looksLikeHtml } from '#shared/domain/scan-engine/html';
import { linkHeaderTargets } from '#shared/domain/scan-engine/parse/links';
import { type ParsedLlmsTxt, parseLlmsTxt } from '#shared/domain/scan-engine/parse/llms-txt';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import type { Check, Finding, FindingId } from '#shared/domain/scan-engine/types';

export const LLMS_CHECK: CheckDefinition = {
  id: 'llms',
  pillar: 'E',
  title: 'llms.txt guide for LLMs',
};

const POINTS = { present: 3, h1: 1, summary: 1, sections: 1, links: 1, extras: 1 } as const;
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

type LlmsState =
  | { kind: 'unknown'; why: string }
  | { kind: 'absent'; finding: Finding }
  | { kind: 'present'; response: FetchedResponse; wrongType: string | undefined };

/** An llms.txt in a subpath (llms.txt v2): it covers the pages under its path. */
interface SubpathFile {
  url: string;
  /** The path it covers ("/docs/"). */
  scope: string;
  response: FetchedResponse;
}

/**
 * The subpath files the scan found (named by the homepage's rel="describedby", or linked from
 * /llms.txt) that are real llms.txt files, most specific first.
 */
export function subpathFiles(artifacts: ScanArtifacts): SubpathFile[] {
  const candidates: Array<[string, Fetched]> = [
    ...Object.entries(artifacts.llmsSubpaths ?? {}),
    ...artifacts.llmsLinks.map((link): [string, Fetched] => [link.url, link]),
  ];
  const files = new Map<string, SubpathFile>();
  for (const [url, fetched] of candidates) {
    if (!isSubpathLlms(url, artifacts.origin) || files.has(url)) continue;
    if (!isOk(fetched) || looksLikeHtml(fetched.text)) continue;
    const scope = new URL(url).pathname.replace(/llms\.txt$/, '');
    files.set(url, { url, scope, response: fetched });
  }
  return [...files.values()].sort((a, b) => b.scope.length - a.scope.length);
}

/** Which file covers which path (the most specific wins), when the site has more than one. */
function coverageFinding(files: readonly SubpathFile[], root: boolean): Finding | undefined {
  if (files.length === 0 || !root) return undefined;
  const scopes = files.map((file) => `pages under ${file.scope} by ${file.scope}llms.txt`);
  return {
    id: 'llms.coverage',
    state: 'info',
    text: `llms.txt coverage (llms.txt v2, the most specific file wins): ${scopes.join('; ')}; the rest of the site by /llms.txt.`,
  };
}

export function evaluateLlms(artifacts: ScanArtifacts): Check {
  const state = llmsState(artifacts);
  if (state.kind === 'unknown') {
    const why = { cause: 'scanner', note: '/llms.txt' } as const;
    return buildCheck(LLMS_CHECK, [
      unverifiable('present', POINTS.present, why, {
        id: 'llms.unreadable',
        state: 'unknown',
        text: `/llms.txt could not be fetched by the scanner (${state.why}); not scored.`,
      }),
      ...(['h1', 'summary', 'sections', 'links', 'extras'] as const).map((key) =>
        unverifiable(key, POINTS[key], why),
      ),
    ]);
  }
  const subpaths = subpathFiles(artifacts);
  const first = subpaths[subpaths.length - 1];
  if (state.kind === 'absent' && first !== undefined) {
    return subpathOnlyCheck(artifacts, first);
  }
  if (state.kind === 'absent') {
    // One finding for the cause; the structure signals are its consequences.
    return buildCheck(LLMS_CHECK, [
      fail('present', POINTS.present, state.finding),
      fail('h1', POINTS.h1),
      fail('summary', POINTS.summary),
      fail('sections', POINTS.sections),
      fail('links', POINTS.links),
      extrasSignal(artifacts),
    ]);
  }
  const parsed = parseLlmsTxt(state.response.text);
  const coverage = coverageFinding(subpaths, true);
  return buildCheck(
    LLMS_CHECK,
    [
      presentSignal(state.response, state.wrongType),
      ...structureSignals(parsed),
      linksSignal(artifacts, parsed.links.length),
      extrasSignal(artifacts),
    ],
    coverage === undefined ? [] : [coverage],
  );
}

/**
 * No /llms.txt, but a file in a subpath: it is an llms.txt for the pages under its path
 * (llms.txt v2), so its structure is judged, and its presence earns two thirds: the rest of
 * the site has no guide.
 */
function subpathOnlyCheck(artifacts: ScanArtifacts, file: SubpathFile): Check {
  const parsed = parseLlmsTxt(file.response.text);
  const where = shortUrl(file.url, artifacts.origin);
  const present = partial('present', POINTS.present, 2 / 3, {
    id: 'llms.subpath_only',
    state: 'warn',
    text: `No /llms.txt, but ${where} covers the pages under ${file.scope} (llms.txt v2: a file covers the pages under its path). Nothing covers the rest of the site: add /llms.txt for it.`,
  });
  const links =
    parsed.links.length === 0
      ? fail('links', POINTS.links)
      : pass('links', POINTS.links, {
          id: 'llms.subpath_links',
          state: 'good',
          text: `${where} lists ${parsed.links.length} link(s) (not sampled: the scan follows the links of /llms.txt).`,
        });
  return buildCheck(LLMS_CHECK, [
    present,
    ...structureSignals(parsed),
    links,
    extrasSignal(artifacts),
  ]);
}

function presentSignal(response: FetchedResponse, wrongType: string | undefined): Signal {
  if (wrongType !== undefined) {
    return partial('present', POINTS.present, 1 / 3, {
      id: 'llms.wrong_type',
      state: 'warn',
      text: `/llms.txt exists but is served as ${wrongType}. Serve it as text/plain or text/markdown so agents do not take it for a web page.`,
    });
  }
  if (response.truncated) {
    return partial('present', POINTS.present, 2 / 3, {
      id: 'llms.too_large',
      state: 'warn',
      text: '/llms.txt is larger than 1 MiB; it is meant to fit a model context. Move detail to llms-full.txt.',
    });
  }
  return pass('present', POINTS.present, {
    id: 'llms.present',
    state: 'good',
    text: `/llms.txt is published as ${contentTypeOf(response) || 'text'}.`,
  });
}

function structureSignals(parsed: ParsedLlmsTxt): Signal[] {
  return [
    parsed.startsWithH1
      ? pass('h1', POINTS.h1, {
          id: 'llms.h1_ok',
          state: 'good',
          text: `llms.txt starts with the H1 "${parsed.h1}".`,
        })
      : fail('h1', POINTS.h1, {
          id: 'llms.no_h1',
          state: 'bad',
          text: 'llms.txt does not start with an H1 ("# Site name"), the one required part of the format.',
        }),
    parsed.summary !== undefined
      ? pass('summary', POINTS.summary, {
          id: 'llms.summary_ok',
          state: 'good',
          text: 'llms.txt has a blockquote summary.',
        })
      : fail('summary', POINTS.summary, {
          id: 'llms.no_summary',
          state: 'warn',
          text: 'llms.txt has no "> summary" blockquote under the H1; add one sentence on what the site is.',
        }),
    parsed.links.length > 0
      ? pass('sections', POINTS.sections, {
          id: 'llms.sections_ok',
          state: 'good',
          text: `llms.txt lists ${parsed.links.length} link(s) in ${parsed.sections.length} H2 section(s).`,
        })
      : fail('sections', POINTS.sections, {
          id: 'llms.no_sections',
          state: 'warn',
          text: 'llms.txt has no H2 section with "- [name](url)" links; list your key pages.',
        }),
  ];
}

const PUBLISH =
  'Publish a markdown llms.txt: an H1, a one-line summary and links to your key pages.';

function llmsState(artifacts: ScanArtifacts): LlmsState {
  const llms = artifacts.llmsTxt;
  if (isScannerFailure(llms)) {
    return { kind: 'unknown', why: describeFailure(llms) };
  }
  const absent = (id: FindingId, text: string): LlmsState => ({
    kind: 'absent',
    finding: { id, state: 'bad', text },
  });
  if (llms.kind === 'timeout') {
    return absent(
      'llms.slow',
      `/llms.txt did not answer within ${seconds(llms.budgetMs)}; agents do not wait that long, so it counts as missing. Serve this small file fast.`,
    );
  }
  if (!isResponse(llms)) {
    return absent('llms.redirect_loop', `/llms.txt ${describeFailure(llms)}. Fix it: ${PUBLISH}`);
  }
  if (llms.catchAll !== undefined) {
    return absent(
      'llms.catch_all',
      `/llms.txt answers 200 with ${describeCatchAll(llms.catchAll)}, so there is no llms.txt. ${PUBLISH} Answer 404 for paths that do not exist.`,
    );
  }
  if (!isOk(llms)) {
    return absent('llms.missing', `/llms.txt is missing (${describeFailure(llms)}). ${PUBLISH}`);
  }
  if (looksLikeHtml(llms.text)) {
    return absent(
      'llms.html_page',
      `/llms.txt answers 200 with an HTML page, not a markdown file, so there is no llms.txt. ${PUBLISH}`,
    );
  }
  const type = contentTypeOf(llms);
  const wrongType = type === '' || TEXT_TYPES.has(type) ? undefined : type;
  return { kind: 'present', response: llms, wrongType };
}

function linksSignal(artifacts: ScanArtifacts, linkCount: number): Signal {
  if (linkCount === 0) {
    return fail('links', POINTS.links);
  }
  const sampled = artifacts.llmsLinks;
  if (sampled.length === 0) {
    return partial('links', POINTS.links, 0, {
      id: 'llms.links_offsite',
      state: 'warn',
      text: 'llms.txt links point to other sites only; link to pages on this site.',
    });
  }
  if (sampled.every(isScannerFailure)) {
    return unverifiable('links', POINTS.links, {
      cause: 'scanner',
      note: `llms.txt links (${describeFailure(sampled[0] as Fetched)})`,
    });
  }
  // A 402 is a paid document, not a broken link (x402: agents can pay for it).
  const broken = sampled.filter(
    (link) => !isOk(link) && !isScannerFailure(link) && !(isResponse(link) && link.status === 402),
  );
  if (broken.length > 0) {
    return partial('links', POINTS.links, 1 - broken.length / sampled.length, {
      id: 'llms.broken_links',
      state: 'bad',
      text: `${broken.length} of ${sampled.length} sampled llms.txt links are broken (${broken.map((link) => `${shortUrl(link.url, artifacts.origin)}: ${describeFailure(link)}`).join(', ')}).`,
    });
  }
  return pass('links', POINTS.links, {
    id: 'llms.links_ok',
    state: 'good',
    text: `The ${sampled.length} sampled llms.txt links answer 2xx.`,
  });
}

function extrasSignal(artifacts: ScanArtifacts): Signal {
  const full = artifacts.llmsFullTxt;
  const fullOk = isOk(full) && !looksLikeHtml(full.text);
  const facts = homepageFacts(artifacts);
  // llms.txt v2: rel="describedby" points at the llms.txt that covers the page, root or subpath.
  const describedBy =
    linkHeaderTargets(homepageHeaders(artifacts).link, 'describedby').some((href) =>
      href.endsWith('llms.txt'),
    ) ||
    (facts?.linkElements ?? []).some(
      (link) => link.rel.includes('describedby') && link.href.endsWith('llms.txt'),
    );
  if (fullOk || describedBy) {
    const parts = [
      fullOk ? '/llms-full.txt is published' : '',
      describedBy ? 'pages point to llms.txt with rel="describedby"' : '',
    ].filter(Boolean);
    return pass('extras', POINTS.extras, {
      id: 'llms.extras_ok',
      state: 'good',
      text: `${parts.join('; ')}.`,
    });
  }
  if (isScannerFailure(full)) {
    return unverifiable('extras', POINTS.extras, {
      cause: 'scanner',
      note: `/llms-full.txt (${describeFailure(full)})`,
    });
  }
  return fail('extras', POINTS.extras, {
    id: 'llms.no_extras',
    state: 'warn',
    text: 'No /llms-full.txt and no rel="describedby" link to llms.txt; add either to help agents find the full text.',
  });
}
