/**
 * Follow-ups of the text documents: up to three same-site links of llms.txt, llms.txt files in
 * a subpath that the homepage names with rel="describedby" (llms.txt v2), and the markdown
 * version of the homepage when content negotiation did not give markdown: the one the homepage
 * declares (rel="alternate" type="text/markdown"), else both URL forms v2 allows for `/`
 * (`/index.html.md` and `/index.md`).
 */
import { type Fetched, isMarkdownResponse, isOk } from '#shared/domain/scan-engine/artifacts';
import { looksLikeHtml, type PageFacts } from '#shared/domain/scan-engine/html';
import { linkHeaderTargets } from '#shared/domain/scan-engine/parse/links';
import { parseLlmsTxt } from '#shared/domain/scan-engine/parse/llms-txt';
import { absoluteUrl, isSameSite } from '#shared/domain/scan-engine/site';
import { ACCEPT, BYTE_CAPS, PRIORITY } from './plan.ts';
import type { SiteFetcher } from './site-fetcher.ts';

export async function collectLlmsLinks(site: SiteFetcher, llms: Fetched): Promise<Fetched[]> {
  if (!isOk(llms) || looksLikeHtml(llms.text)) {
    return [];
  }
  const urls = parseLlmsTxt(llms.text)
    .links.map((link) => absoluteUrl(link.url, `${site.origin}/llms.txt`))
    .filter((url): url is string => url !== undefined && isSameSite(url, site.origin));
  const unique = [...new Set(urls)].slice(0, 3);
  return Promise.all(
    unique.map((url) =>
      site.page(url, {
        // Same Accept as page samples, so a link that is also a sitemap URL is fetched once.
        accept: ACCEPT.html,
        maxBytes: BYTE_CAPS.html,
        priority: PRIORITY.followUp,
        after: [llms],
      }),
    ),
  );
}

/** The homepage's declared markdown version (Link header first, then a <link> element). */
export function declaredMarkdown(homepage: Fetched, facts: PageFacts | undefined) {
  const headers = homepage.kind === 'response' ? homepage.headers : {};
  return (
    linkHeaderTargets(headers.link, 'alternate', 'text/markdown')[0] ??
    facts?.linkElements.find(
      (link) => link.rel.includes('alternate') && link.type === 'text/markdown',
    )?.href
  );
}

/** The two URL forms llms.txt v2 allows for a page without a file name. */
const GUESSED_MIRRORS = ['/index.html.md', '/index.md'];

export async function collectMarkdownMirror(
  site: SiteFetcher,
  input: { markdown: Fetched; homepage: Fetched; facts: PageFacts | undefined },
): Promise<Fetched | undefined> {
  if (isMarkdownResponse(input.markdown)) {
    return undefined; // negotiation works; no need to look for a mirror
  }
  const declared = declaredMarkdown(input.homepage, input.facts);
  const urls = (declared === undefined ? GUESSED_MIRRORS : [declared])
    .map((href) => absoluteUrl(href, `${site.origin}/`))
    .filter((url): url is string => url !== undefined && isSameSite(url, site.origin));
  const answers = await Promise.all(
    urls.map((url) =>
      site.document(url, {
        accept: ACCEPT.markdownMirror,
        maxBytes: BYTE_CAPS.markdown,
        priority: PRIORITY.leaf,
        after: [input.markdown, input.homepage],
      }),
    ),
  );
  return answers.find((answer) => isOk(answer) && !looksLikeHtml(answer.text)) ?? answers[0];
}

/** A path's llms.txt other than the root one ("/docs/llms.txt"). */
export function isSubpathLlms(url: string, origin: string): boolean {
  return url.startsWith(`${origin}/`) && /\/llms\.txt$/.test(url) && url !== `${origin}/llms.txt`;
}

/** llms.txt files in a subpath the homepage points to with rel="describedby" (at most two). */
export async function collectLlmsSubpaths(
  site: SiteFetcher,
  input: { homepage: Fetched; facts: PageFacts | undefined },
): Promise<Record<string, Fetched>> {
  const headers = input.homepage.kind === 'response' ? input.homepage.headers : {};
  const hrefs = [
    ...linkHeaderTargets(headers.link, 'describedby'),
    ...(input.facts?.linkElements ?? [])
      .filter((link) => link.rel.includes('describedby'))
      .map((link) => link.href),
  ];
  const urls = hrefs
    .map((href) => absoluteUrl(href, `${site.origin}/`))
    .filter((url): url is string => url !== undefined && isSubpathLlms(url, site.origin));
  const entries = await Promise.all(
    [...new Set(urls)].slice(0, 2).map(async (url) => {
      const options = {
        accept: ACCEPT.text,
        maxBytes: BYTE_CAPS.llms,
        priority: PRIORITY.followUp,
        after: [input.homepage],
      };
      return [url, await site.document(url, options)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
