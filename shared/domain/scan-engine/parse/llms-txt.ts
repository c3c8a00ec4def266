/**
 * The structure of an llms.txt file (llmstxt.org): an H1 first, an optional blockquote
 * summary, and H2 sections listing `[name](url)` links.
 */

export interface LlmsLink {
  title: string;
  url: string;
  section: string;
}

export interface ParsedLlmsTxt {
  h1: string | undefined;
  /** The first heading of the file is the H1 (the only required part). */
  startsWithH1: boolean;
  summary: string | undefined;
  sections: string[];
  links: LlmsLink[];
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

export function parseLlmsTxt(text: string): ParsedLlmsTxt {
  const parsed: ParsedLlmsTxt = {
    h1: undefined,
    startsWithH1: false,
    summary: undefined,
    sections: [],
    links: [],
  };
  let seenHeading = false;
  let section = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 0;
      const title = heading[2]?.trim() ?? '';
      if (!seenHeading && level === 1) {
        parsed.h1 = title;
        parsed.startsWithH1 = true;
      }
      seenHeading = true;
      if (level === 2) {
        section = title;
        parsed.sections.push(title);
      }
      continue;
    }
    if (line.startsWith('>') && parsed.summary === undefined && parsed.sections.length === 0) {
      parsed.summary = line.replace(/^>\s*/, '');
      continue;
    }
    if (section !== '') {
      for (const match of line.matchAll(LINK)) {
        parsed.links.push({ title: match[1] ?? '', url: match[2] ?? '', section });
      }
    }
  }
  return parsed;
}
