/**
 * Check 5 `markdown` (E, 8): can an agent get the page as markdown (Accept: text/markdown),
 * is the variant cache-safe and discoverable, and does it carry a size hint?
 *
 * llms.txt v2 (issue 37): a page may instead declare its markdown version with
 * rel="alternate" type="text/markdown" (a <link> element or a Link header) at page.md or
 * page.html.md. An agent that follows the declaration gets markdown without negotiation, so a
 * declared alternate that answers markdown earns the negotiation points in full, and Vary (a
 * property of negotiated answers) does not apply. A markdown request answered with HTML and no
 * Vary: Accept while a .md version exists is what an edge that rewrites Accept looks like
 * (Cloudflare normalises it on some plans): the finding says so.
 */
import {
  contentTypeOf,
  describeFailure,
  type Fetched,
  homepageHeaders,
  isMarkdownResponse,
  isOk,
  isResponse,
  isScannerFailure,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { declaredMarkdown } from '#shared/domain/scan-engine/collect/documents';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { looksLikeHtml } from '#shared/domain/scan-engine/html';
import { linkHeaderTargets } from '#shared/domain/scan-engine/parse/links';
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
import { absoluteUrl } from '#shared/domain/scan-engine/site';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Check } from '#shared/domain/scan-engine/types';

export const MARKDOWN_CHECK: CheckDefinition = {
  id: 'markdown',
  pillar: 'E',
  title: 'Markdown for agents',
};

const POINTS = { negotiation: 4, vary: 1, discoverable: 2, tokens: 1 } as const;

export function evaluateMarkdown(artifacts: ScanArtifacts): Check {
  const negotiated = artifacts.homepageMarkdown;
  if (isScannerFailure(negotiated)) return unverifiedCheck(negotiated);
  const mirror = artifacts.markdownMirror;
  const mirrorWorks =
    mirror !== undefined &&
    isOk(mirror) &&
    !looksLikeHtml(mirror.text) &&
    /markdown|text\/plain/.test(contentTypeOf(mirror));
  const declared = declaredAlternate(artifacts);
  const declaredWorks = mirrorWorks && declared !== undefined && mirror?.url === declared;
  const signals: Signal[] = isMarkdownResponse(negotiated)
    ? [
        pass('negotiation', POINTS.negotiation, {
          id: 'markdown.negotiated',
          state: 'good',
          text: 'GET / with Accept: text/markdown returns text/markdown.',
        }),
        varySignal(artifacts),
      ]
    : declaredWorks && declared !== undefined
      ? [
          declaredAlternateSignal(artifacts, negotiated, declared),
          // Nothing is negotiated on the page URL, so there is no variant for caches to keep apart.
          notApplicable('vary', POINTS.vary),
        ]
      : [
          negotiationMissing(artifacts, negotiated, mirrorWorks ? mirror : undefined),
          // No negotiated variant, so no Vary to check: its point goes with the negotiation finding.
          fail('vary', POINTS.vary),
        ];
  signals.push(tokenSignal(artifacts));
  signals.push(discoverableSignal(artifacts, mirrorWorks));
  return buildCheck(MARKDOWN_CHECK, signals);
}

/** The scanner could not fetch the page as markdown: nothing is scored. */
function unverifiedCheck(negotiated: Fetched): Check {
  const note = 'GET / as markdown';
  return buildCheck(MARKDOWN_CHECK, [
    unverifiable(
      'negotiation',
      POINTS.negotiation,
      { cause: 'scanner', note: note },
      {
        id: 'markdown.unreadable',
        state: 'unknown',
        text: `GET / with Accept: text/markdown could not be fetched by the scanner (${describeFailure(negotiated)}); not scored.`,
      },
    ),
    unverifiable('vary', POINTS.vary, { cause: 'scanner', note: note }),
    unverifiable('discoverable', POINTS.discoverable, { cause: 'scanner', note: note }),
    unverifiable('tokens', POINTS.tokens, { cause: 'scanner', note: note }),
  ]);
}

/** The homepage's declared markdown version (header or element), resolved, when it has one. */
function declaredAlternate(artifacts: ScanArtifacts): string | undefined {
  const href = declaredMarkdown(artifacts.homepage, homepageFacts(artifacts));
  return href === undefined ? undefined : absoluteUrl(href, `${artifacts.origin}/`);
}

/**
 * GET / asked for markdown and got HTML with no Vary: Accept, while a markdown version exists:
 * either the server does not negotiate, or an edge in front of it rewrote Accept on the way in.
 */
export function acceptRewriteNote(negotiated: Fetched): string {
  if (!isOk(negotiated) || contentTypeOf(negotiated) !== 'text/html') return '';
  const vary = (negotiated.headers.vary ?? '').toLowerCase();
  if (/\baccept\b|\*/.test(vary)) return '';
  return ' The answer to Accept: text/markdown was HTML without Vary: Accept although a markdown version exists: if your server does negotiate markdown, an edge (CDN or proxy) in front of it likely rewrote the Accept header before it arrived (Cloudflare normalises Accept on some plans); check the edge settings.';
}

/** A declared alternate that answers markdown: full negotiation credit (llms.txt v2). */
function declaredAlternateSignal(
  artifacts: ScanArtifacts,
  negotiated: Fetched,
  mirrorUrl: string,
): Signal {
  return pass('negotiation', POINTS.negotiation, {
    id: 'markdown.declared_alternate',
    standard: standardRef('llms-txt'),
    state: 'good',
    text: `The homepage declares its markdown version, ${shortUrl(mirrorUrl, artifacts.origin)} (rel="alternate" type="text/markdown", llms.txt v2), and it answers markdown: agents that follow the declaration need no content negotiation.${acceptRewriteNote(negotiated)}`,
  });
}

/** No markdown on negotiation: half the points when a working mirror exists and the server is sound. */
function negotiationMissing(
  artifacts: ScanArtifacts,
  negotiated: Fetched,
  workingMirror: { url: string } | undefined,
): Signal {
  const why = negotiationFailure(negotiated);
  const serverError = isResponse(negotiated) && negotiated.status >= 500;
  if (workingMirror && !serverError) {
    return partial('negotiation', POINTS.negotiation, 0.5, {
      id: 'markdown.mirror_only',
      state: 'warn',
      text: `No content negotiation (${why}), but a markdown version exists at ${shortUrl(workingMirror.url, artifacts.origin)}. Declare it with <link rel="alternate" type="text/markdown" href="..."> (llms.txt v2) or answer Accept: text/markdown on the page URL itself.${acceptRewriteNote(negotiated)}`,
    });
  }
  return fail('negotiation', POINTS.negotiation, {
    id: 'markdown.no_negotiation',
    state: 'bad',
    text: `GET / with Accept: text/markdown does not return markdown (${why}). Serve a text/markdown variant of your pages to agents that ask for it.`,
  });
}

function negotiationFailure(negotiated: Fetched): string {
  if (!isResponse(negotiated) || negotiated.catchAll !== undefined) {
    return describeFailure(negotiated);
  }
  if (negotiated.status >= 500) {
    return `HTTP ${negotiated.status}: the server errors on Accept: text/markdown instead of falling back to HTML`;
  }
  return isOk(negotiated)
    ? `it answers ${contentTypeOf(negotiated) || 'an untyped body'}`
    : `HTTP ${negotiated.status}`;
}

function varySignal(artifacts: ScanArtifacts): Signal {
  const varies = (headers: Record<string, string>) =>
    (headers.vary ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim())
      .some((part) => part === 'accept' || part === '*');
  const onHtml = varies(homepageHeaders(artifacts));
  const onMarkdown =
    isResponse(artifacts.homepageMarkdown) && varies(artifacts.homepageMarkdown.headers);
  if (onHtml && onMarkdown) {
    return pass('vary', POINTS.vary, {
      id: 'markdown.vary_ok',
      state: 'good',
      text: 'Both the HTML and the markdown answers send Vary: Accept, so caches keep them apart.',
    });
  }
  return fail('vary', POINTS.vary, {
    id: 'markdown.vary_missing',
    state: 'warn',
    text: `Vary: Accept is missing on the ${onHtml ? 'markdown' : onMarkdown ? 'HTML' : 'HTML and markdown'} answer; a CDN may serve markdown to browsers or HTML to agents. Send Vary: Accept on both.`,
  });
}

function discoverableSignal(artifacts: ScanArtifacts, mirrorWorks: boolean): Signal {
  const facts = homepageFacts(artifacts);
  const header = linkHeaderTargets(homepageHeaders(artifacts).link, 'alternate', 'text/markdown');
  const element = (facts?.linkElements ?? []).find(
    (link) => link.rel.includes('alternate') && link.type === 'text/markdown',
  );
  if (header.length > 0 || element !== undefined) {
    return pass('discoverable', POINTS.discoverable, {
      id: 'markdown.alternate_link',
      state: 'good',
      text: `The homepage advertises its markdown version with rel="alternate" type="text/markdown" (${header.length > 0 ? 'Link header' : '<link> element'}).`,
    });
  }
  if (mirrorWorks) {
    return partial('discoverable', POINTS.discoverable, 0.5, {
      id: 'markdown.mirror_not_linked',
      state: 'warn',
      text: 'A markdown mirror exists but the homepage does not link to it; add <link rel="alternate" type="text/markdown" href="...">.',
    });
  }
  return fail('discoverable', POINTS.discoverable, {
    id: 'markdown.not_advertised',
    state: 'warn',
    text: 'The homepage does not advertise a markdown version; add <link rel="alternate" type="text/markdown" href="/index.md"> or a Link header.',
  });
}

function tokenSignal(artifacts: ScanArtifacts): Signal {
  const markdown = isMarkdownResponse(artifacts.homepageMarkdown)
    ? artifacts.homepageMarkdown
    : artifacts.markdownMirror !== undefined && isMarkdownResponse(artifacts.markdownMirror)
      ? artifacts.markdownMirror
      : undefined;
  if (markdown === undefined) {
    return fail('tokens', POINTS.tokens);
  }
  const tokens = markdown.headers['x-markdown-tokens'];
  const frontMatter = /^---\r?\n[\s\S]*?\b(title|url)\s*:[\s\S]*?\r?\n---/.test(markdown.text);
  if (tokens !== undefined || frontMatter) {
    return pass('tokens', POINTS.tokens, {
      id: 'markdown.size_hint',
      state: 'good',
      text:
        tokens !== undefined
          ? `The markdown answer reports its size (x-markdown-tokens: ${tokens}).`
          : 'The markdown starts with front matter naming its title/url.',
    });
  }
  return fail('tokens', POINTS.tokens, {
    id: 'markdown.no_size_hint',
    state: 'warn',
    text: 'The markdown has no x-markdown-tokens header and no front matter; a size hint helps agents budget context.',
  });
}
