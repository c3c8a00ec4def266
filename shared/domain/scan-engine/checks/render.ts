/**
 * Check 3 `render` (R, 12): is the content in the HTML itself? Most AI crawlers do not run
 * JavaScript, so a client-rendered shell is an empty page to them.
 */
import {
  contentTypeOf,
  describeFailure,
  type Fetched,
  type FetchedResponse,
  homepagePage,
  isOk,
  isResponse,
  isScannerFailure,
  type ScanArtifacts,
  seconds,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { pageFacts } from '#shared/domain/scan-engine/context';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import type { Check, Finding, FindingId } from '#shared/domain/scan-engine/types';

export const RENDER_CHECK: CheckDefinition = {
  id: 'render',
  pillar: 'R',
  title: 'Content readable without JavaScript',
};

const POINTS = { homepage: 2, serverText: 5, indexable: 2, innerPage: 2, landmarks: 1 } as const;

/** Thresholds for "server-rendered": enough visible text, and not only markup. */
export const RENDER_THRESHOLDS = {
  minChars: 500,
  minWords: 80,
  minTextRatio: 0.05,
  sparseChars: 150,
  sparseWords: 25,
} as const;

/**
 * rendered: enough visible text. shell: an empty app root, or next to no text with scripts
 * that would render it (a client-rendered page). thin: little text and no script, a static
 * page with little content. sparse: some text, with scripts that may render the rest.
 */
export type RenderVerdict = 'rendered' | 'sparse' | 'thin' | 'shell';

export function renderVerdict(facts: PageFacts): RenderVerdict {
  const chars = facts.visibleText.length;
  const ratio = facts.htmlLength === 0 ? 0 : chars / facts.htmlLength;
  if (
    chars >= RENDER_THRESHOLDS.minChars &&
    facts.wordCount >= RENDER_THRESHOLDS.minWords &&
    ratio >= RENDER_THRESHOLDS.minTextRatio
  ) {
    return 'rendered';
  }
  const hasScripts = facts.externalScriptCount > 0 || facts.inlineScripts.length > 0;
  const minimal =
    chars < RENDER_THRESHOLDS.sparseChars || facts.wordCount < RENDER_THRESHOLDS.sparseWords;
  if (facts.hasEmptySpaRoot || (minimal && hasScripts)) {
    return 'shell';
  }
  return hasScripts ? 'sparse' : 'thin';
}

export function evaluateRender(artifacts: ScanArtifacts): Check {
  const page = homepagePage(artifacts);
  const facts = pageFacts(page);
  if (page === undefined || facts === undefined) {
    return noHomepage(artifacts);
  }
  return buildCheck(RENDER_CHECK, [
    homepageSignal(page),
    serverTextSignal(facts),
    indexableSignal(page, facts),
    innerPageSignal(artifacts),
    facts.h1Count >= 1 && facts.hasMainOrArticle
      ? pass('landmarks', POINTS.landmarks, {
          id: 'render.landmarks_ok',
          state: 'good',
          text: 'The homepage has an <h1> and a <main> or <article> landmark.',
        })
      : fail('landmarks', POINTS.landmarks, {
          id: 'render.landmarks_missing',
          state: 'warn',
          text: `The homepage lacks ${[facts.h1Count === 0 ? 'an <h1>' : '', facts.hasMainOrArticle ? '' : 'a <main> or <article> element'].filter(Boolean).join(' and ')}; landmarks tell agents where the content is.`,
        }),
  ]);
}

/**
 * The homepage delivered no page (an error status, no answer in time, not HTML): one finding
 * says why, and every signal that reads the page loses its points to it.
 */
function noHomepage(artifacts: ScanArtifacts): Check {
  const inner = artifacts.innerPage?.fetched === undefined ? undefined : innerPageSignal(artifacts);
  return buildCheck(RENDER_CHECK, [
    fail('homepage', POINTS.homepage, { state: 'bad', ...homepageProblem(artifacts) }),
    fail('server-text', POINTS.serverText),
    fail('indexable', POINTS.indexable),
    inner ?? fail('inner-page', POINTS.innerPage),
    fail('landmarks', POINTS.landmarks),
  ]);
}

/** Why the homepage delivered no page: the finding's id and its text. */
export function homepageProblem(artifacts: ScanArtifacts): { id: FindingId; text: string } {
  const homepage = artifacts.homepage;
  const readsNothing =
    'Agents and crawlers find no page to read, so nothing that reads the page can score until / answers 200 with HTML.';
  switch (homepage.kind) {
    case 'timeout':
      return {
        id: 'render.homepage_slow',
        text: `The homepage did not answer within ${seconds(homepage.budgetMs)}. Agents and crawlers give up long before that; make / answer within a few seconds. Only what answered in time was scored.`,
      };
    case 'redirect-loop':
      return {
        id: 'render.homepage_redirect_loop',
        text: `GET / redirects in a loop (more than 5 redirects). ${readsNothing} Fix the redirect.`,
      };
    case 'response':
      return isOk(homepage)
        ? {
            id: 'render.homepage_not_html',
            text: `The homepage is not HTML (${contentTypeOf(homepage) || 'no Content-Type'}). ${readsNothing}`,
          }
        : {
            id: 'render.homepage_error_status',
            text: `The homepage answers HTTP ${homepage.status} at ${homepage.finalUrl}. ${readsNothing}`,
          };
    default:
      return {
        id: 'render.homepage_unreachable',
        text: `The homepage could not be fetched (${describeFailure(homepage)}).`,
      };
  }
}

function homepageSignal(homepage: FetchedResponse): Signal {
  const https = homepage.finalUrl.startsWith('https://');
  const redirects =
    (homepage.redirectCount > 0 ? ` after ${homepage.redirectCount} redirect(s)` : '') +
    (homepage.truncated
      ? ' (the HTML is larger than the 3 MiB we read; crawlers cap pages too, so keep it smaller)'
      : '');
  if (!https) {
    return partial('homepage', POINTS.homepage, 0.5, {
      id: 'render.homepage_http',
      state: 'warn',
      text: `The homepage answers 200 text/html${redirects}, but over plain HTTP (${homepage.finalUrl}). Serve it over HTTPS and redirect HTTP to it.`,
    });
  }
  return pass('homepage', POINTS.homepage, {
    id: 'render.homepage_ok',
    state: 'good',
    text: `The homepage answers 200 text/html over HTTPS${redirects}.`,
  });
}

function serverTextSignal(facts: PageFacts): Signal {
  const verdict = renderVerdict(facts);
  const measure = `${facts.visibleText.length} characters, ${facts.wordCount} words of text in ${facts.htmlLength} bytes of HTML`;
  switch (verdict) {
    case 'rendered':
      return pass('server-text', POINTS.serverText, {
        id: 'render.server_rendered',
        state: 'good',
        text: `The homepage is server-rendered (${measure}).`,
      });
    case 'thin':
      return partial('server-text', POINTS.serverText, 0.4, {
        id: 'render.thin_page',
        state: 'warn',
        text: `The homepage has little text (${measure}, no scripts). It is static HTML, so agents read all of it, but there is little to quote or summarise: say what you offer, for whom and where, in a few paragraphs.`,
      });
    case 'sparse':
      return partial('server-text', POINTS.serverText, 0.4, {
        id: 'render.sparse_text',
        state: 'warn',
        text: `The homepage HTML carries little text (${measure}) and scripts that may render the rest. Render the main content on the server so agents that do not run JavaScript can read it.`,
      });
    case 'shell':
      return fail('server-text', POINTS.serverText, {
        id: 'render.javascript_shell',
        state: 'bad',
        text: `The homepage is a JavaScript shell (${measure}${facts.hasEmptySpaRoot ? ', empty app root element' : ', scripts render the content'}). AI crawlers do not run JavaScript and see an empty page: server-render or pre-render it.`,
      });
  }
}

function indexableSignal(homepage: FetchedResponse, facts: PageFacts): Signal {
  const metaRobots = (facts.meta.get('robots') ?? '').toLowerCase();
  const headerRobots = (homepage.headers['x-robots-tag'] ?? '').toLowerCase();
  const blocks = (value: string) => /\b(noindex|none)\b/.test(value);
  const noai = /\bno(ai|imageai)\b/.test(`${metaRobots} ${headerRobots}`);
  const noaiNote: Finding | undefined = noai
    ? {
        id: 'render.noai_directive',
        state: 'info',
        text: 'A "noai" directive is present; it is reported as policy and not penalised.',
      }
    : undefined;
  if (blocks(headerRobots) || blocks(metaRobots)) {
    const where = blocks(headerRobots)
      ? `the X-Robots-Tag header ("${headerRobots}")`
      : `<meta name="robots" content="${metaRobots}">`;
    return fail(
      'indexable',
      POINTS.indexable,
      {
        id: 'render.noindex',
        state: 'bad',
        text: `The homepage is marked noindex by ${where}; search and AI indexes will drop it. Remove it unless intended.`,
      },
      ...(noaiNote ? [noaiNote] : []),
    );
  }
  return pass(
    'indexable',
    POINTS.indexable,
    {
      id: 'render.indexable',
      state: 'good',
      text: 'The homepage is indexable (no noindex in meta robots or X-Robots-Tag).',
    },
    ...(noaiNote ? [noaiNote] : []),
  );
}

function innerPageSignal(artifacts: ScanArtifacts): Signal {
  const inner = artifacts.innerPage;
  const homepageFacts = pageFacts(homepagePage(artifacts));
  if (
    inner === undefined &&
    (homepageFacts === undefined || renderVerdict(homepageFacts) === 'shell')
  ) {
    // A shell with no links and no sitemap hides every inner page from crawlers: that is the defect.
    return fail('inner-page', POINTS.innerPage, {
      id: 'render.no_inner_page_reachable',
      state: 'bad',
      text: 'No inner page is reachable without JavaScript: the homepage HTML has no links and there is no sitemap. Render navigation links in the HTML.',
    });
  }
  if (inner === undefined) {
    return notApplicable('inner-page', POINTS.innerPage, {
      id: 'render.no_inner_page',
      state: 'info',
      text: 'No inner page found in the sitemap or the homepage navigation; inner-page rendering not applicable.',
    });
  }
  const where = shortUrl(inner.url, artifacts.origin);
  if (inner.fetched === undefined) {
    return unverifiable('inner-page', POINTS.innerPage, {
      cause: 'outside',
      note: `inner-page rendering (robots.txt disallows our scanner for ${where})`,
    });
  }
  if (isScannerFailure(inner.fetched)) {
    return unverifiable('inner-page', POINTS.innerPage, {
      cause: 'scanner',
      note: `inner page ${where} (${describeFailure(inner.fetched)})`,
    });
  }
  if (!isOk(inner.fetched)) {
    return fail('inner-page', POINTS.innerPage, {
      id: 'render.inner_page_error',
      state: 'bad',
      text: `Inner page ${where} (from the ${inner.source}) does not deliver a page: ${describeFailure(inner.fetched)}.`,
    });
  }
  return renderedInnerPage(where, inner.fetched);
}

/** How an inner page that answered 2xx reads without JavaScript. */
function renderedInnerPage(where: string, fetched: Fetched): Signal {
  const facts = isResponse(fetched) ? pageFacts(fetched) : undefined;
  if (facts === undefined) {
    return fail('inner-page', POINTS.innerPage, {
      id: 'render.inner_page_not_html',
      state: 'bad',
      text: `Inner page ${where} is not HTML.`,
    });
  }
  const verdict = renderVerdict(facts);
  if (verdict === 'rendered') {
    return pass('inner-page', POINTS.innerPage, {
      id: 'render.inner_page_rendered',
      state: 'good',
      text: `Inner page ${where} is server-rendered too.`,
    });
  }
  if (verdict === 'shell') {
    return fail('inner-page', POINTS.innerPage, {
      id: 'render.inner_page_shell',
      state: 'bad',
      text: `Inner page ${where} is a JavaScript shell (${facts.visibleText.length} characters of text). Server-render inner pages as well.`,
    });
  }
  return partial('inner-page', POINTS.innerPage, 0.5, {
    id: 'render.inner_page_thin',
    state: 'warn',
    text: `Inner page ${where} has little text (${facts.visibleText.length} characters)${verdict === 'sparse' ? '; render its content on the server' : '; give it real content'}.`,
  });
}
