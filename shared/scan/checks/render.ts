/**
 * Check 3 `render` (R, 12): is the content in the HTML itself? Most AI crawlers do not run
 * JavaScript, so a client-rendered shell is an empty page to them.
 */
import {
  contentTypeOf,
  describeFailure,
  type FetchedResponse,
  isOk,
  isResponse,
  isScannerFailure,
  type ScanArtifacts,
  shortUrl,
} from '../artifacts.ts';
import { pageFacts } from '../context.ts';
import type { PageFacts } from '../html.ts';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '../scoring.ts';
import type { Check } from '../types.ts';

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

export type RenderVerdict = 'rendered' | 'sparse' | 'shell';

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
  if (
    facts.hasEmptySpaRoot ||
    chars < RENDER_THRESHOLDS.sparseChars ||
    facts.wordCount < RENDER_THRESHOLDS.sparseWords
  ) {
    return 'shell';
  }
  return 'sparse';
}

export function evaluateRender(artifacts: ScanArtifacts): Check {
  const homepage = artifacts.homepage;
  const facts = pageFacts(homepage);
  const signals: Signal[] = [homepageSignal(homepage)];

  if (facts === undefined) {
    signals.push(
      fail('server-text', POINTS.serverText, {
        state: 'bad',
        text: `The homepage is not HTML (${contentTypeOf(homepage) || 'no Content-Type'}); agents find no page to read.`,
      }),
      fail('indexable', POINTS.indexable),
      innerPageSignal(artifacts),
      fail('landmarks', POINTS.landmarks),
    );
    return buildCheck(RENDER_CHECK, signals);
  }

  signals.push(serverTextSignal(facts));
  signals.push(indexableSignal(homepage, facts));
  signals.push(innerPageSignal(artifacts));
  signals.push(
    facts.h1Count >= 1 && facts.hasMainOrArticle
      ? pass('landmarks', POINTS.landmarks, {
          state: 'good',
          text: 'The homepage has an <h1> and a <main> or <article> landmark.',
        })
      : fail('landmarks', POINTS.landmarks, {
          state: 'warn',
          text: `The homepage lacks ${[facts.h1Count === 0 ? 'an <h1>' : '', facts.hasMainOrArticle ? '' : 'a <main> or <article> element'].filter(Boolean).join(' and ')}; landmarks tell agents where the content is.`,
        }),
  );
  return buildCheck(RENDER_CHECK, signals);
}

function homepageSignal(homepage: FetchedResponse): Signal {
  const isHtml = /html/.test(contentTypeOf(homepage));
  const https = homepage.finalUrl.startsWith('https://');
  if (homepage.status !== 200 || !isHtml) {
    return fail('homepage', POINTS.homepage, {
      state: 'bad',
      text: `GET / ended with HTTP ${homepage.status} ${contentTypeOf(homepage) || ''} at ${homepage.finalUrl}; it should be 200 text/html.`,
    });
  }
  const redirects =
    (homepage.redirectCount > 0 ? ` after ${homepage.redirectCount} redirect(s)` : '') +
    (homepage.truncated
      ? ' (the HTML is larger than the 3 MiB we read; crawlers cap pages too, so keep it smaller)'
      : '');
  if (!https) {
    return partial('homepage', POINTS.homepage, 0.5, {
      state: 'warn',
      text: `The homepage answers 200 text/html${redirects}, but over plain HTTP (${homepage.finalUrl}). Serve it over HTTPS and redirect HTTP to it.`,
    });
  }
  return pass('homepage', POINTS.homepage, {
    state: 'good',
    text: `The homepage answers 200 text/html over HTTPS${redirects}.`,
  });
}

function serverTextSignal(facts: PageFacts): Signal {
  const verdict = renderVerdict(facts);
  const measure = `${facts.visibleText.length} characters, ${facts.wordCount} words of text in ${facts.htmlLength} bytes of HTML`;
  if (verdict === 'rendered') {
    return pass('server-text', POINTS.serverText, {
      state: 'good',
      text: `The homepage is server-rendered (${measure}).`,
    });
  }
  if (verdict === 'sparse') {
    return partial('server-text', POINTS.serverText, 0.4, {
      state: 'warn',
      text: `The homepage HTML carries little text (${measure}). Render the main content on the server so agents that do not run JavaScript can read it.`,
    });
  }
  return fail('server-text', POINTS.serverText, {
    state: 'bad',
    text: `The homepage is a JavaScript shell (${measure}${facts.hasEmptySpaRoot ? ', empty app root element' : ''}). AI crawlers do not run JavaScript and see an empty page: server-render or pre-render it.`,
  });
}

function indexableSignal(homepage: FetchedResponse, facts: PageFacts): Signal {
  const metaRobots = (facts.meta.get('robots') ?? '').toLowerCase();
  const headerRobots = (homepage.headers['x-robots-tag'] ?? '').toLowerCase();
  const blocks = (value: string) => /\b(noindex|none)\b/.test(value);
  const noai = /\bno(ai|imageai)\b/.test(`${metaRobots} ${headerRobots}`);
  const noaiNote = noai
    ? {
        state: 'info' as const,
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
      state: 'good',
      text: 'The homepage is indexable (no noindex in meta robots or X-Robots-Tag).',
    },
    ...(noaiNote ? [noaiNote] : []),
  );
}

function innerPageSignal(artifacts: ScanArtifacts): Signal {
  const inner = artifacts.innerPage;
  const homepageFacts = pageFacts(artifacts.homepage);
  if (
    inner === undefined &&
    (homepageFacts === undefined || renderVerdict(homepageFacts) === 'shell')
  ) {
    // A shell with no links and no sitemap hides every inner page from crawlers: that is the defect.
    return fail('inner-page', POINTS.innerPage, {
      state: 'bad',
      text: 'No inner page is reachable without JavaScript: the homepage HTML has no links and there is no sitemap. Render navigation links in the HTML.',
    });
  }
  if (inner === undefined) {
    return notApplicable('inner-page', POINTS.innerPage, {
      state: 'info',
      text: 'No inner page found in the sitemap or the homepage navigation; inner-page rendering not applicable.',
    });
  }
  const where = shortUrl(inner.url, artifacts.origin);
  if (inner.fetched === undefined) {
    return unverifiable('inner-page', POINTS.innerPage, 'outside', {
      state: 'unknown',
      text: `robots.txt disallows our scanner for ${where}, so inner-page rendering was not checked (counted as half).`,
    });
  }
  if (isScannerFailure(inner.fetched)) {
    return unverifiable('inner-page', POINTS.innerPage, 'scanner', {
      state: 'unknown',
      text: `Inner page ${where} could not be fetched (${describeFailure(inner.fetched)}); counted as half.`,
    });
  }
  if (!isOk(inner.fetched)) {
    return fail('inner-page', POINTS.innerPage, {
      state: 'bad',
      text: `Inner page ${where} (from the ${inner.source}) answers ${describeFailure(inner.fetched)}.`,
    });
  }
  const facts = isResponse(inner.fetched) ? pageFacts(inner.fetched) : undefined;
  if (facts === undefined) {
    return fail('inner-page', POINTS.innerPage, {
      state: 'bad',
      text: `Inner page ${where} is not HTML.`,
    });
  }
  const verdict = renderVerdict(facts);
  if (verdict === 'rendered') {
    return pass('inner-page', POINTS.innerPage, {
      state: 'good',
      text: `Inner page ${where} is server-rendered too.`,
    });
  }
  return partial('inner-page', POINTS.innerPage, verdict === 'sparse' ? 0.5 : 0, {
    state: verdict === 'sparse' ? 'warn' : 'bad',
    text: `Inner page ${where} is ${verdict === 'sparse' ? 'thin' : 'a JavaScript shell'} (${facts.visibleText.length} characters of text). Server-render inner pages as well.`,
  });
}
