/**
 * Follow-ups of the text documents: up to three same-site links of llms.txt, and the markdown
 * mirror of the homepage when content negotiation did not give markdown.
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

export async function collectMarkdownMirror(
  site: SiteFetcher,
  input: { markdown: Fetched; homepage: Fetched; facts: PageFacts | undefined },
): Promise<Fetched | undefined> {
  if (isMarkdownResponse(input.markdown)) {
    return undefined; // negotiation works; no need to look for a mirror
  }
  const headers = input.homepage.kind === 'response' ? input.homepage.headers : {};
  const alternate =
    linkHeaderTargets(headers.link, 'alternate', 'text/markdown')[0] ??
    input.facts?.linkElements.find(
      (link) => link.rel.includes('alternate') && link.type === 'text/markdown',
    )?.href;
  const url = absoluteUrl(alternate ?? '/index.md', `${site.origin}/`);
  if (url === undefined || !isSameSite(url, site.origin)) {
    return undefined;
  }
  return site.document(url, {
    accept: ACCEPT.markdownMirror,
    maxBytes: BYTE_CAPS.markdown,
    priority: PRIORITY.leaf,
    after: [input.markdown, input.homepage],
  });
}
