/**
 * One streaming pass of htmlparser2 over a page collects every fact the checks need: visible
 * text, head metadata, links, JSON-LD blocks, landmarks and SPA-shell hints. The checks never
 * look at raw HTML again.
 */
import { Parser } from 'htmlparser2';

export interface PageLink {
  href: string;
  /** Inside <nav> or <header>: a likely site-navigation link. */
  inNav: boolean;
}

export interface LinkElement {
  rel: string[];
  href: string;
  type: string;
}

export interface PageFacts {
  title: string;
  lang: string;
  /** name= or property= (lower-cased) to content, first occurrence wins. */
  meta: Map<string, string>;
  linkElements: LinkElement[];
  anchors: PageLink[];
  jsonLdBlocks: string[];
  inlineScripts: string[];
  externalScriptCount: number;
  visibleText: string;
  wordCount: number;
  htmlLength: number;
  h1Count: number;
  hasMainOrArticle: boolean;
  articleCount: number;
  /** An element with a typical SPA mount id (#root, #app, #__next, #__nuxt) and no text in it. */
  hasEmptySpaRoot: boolean;
  hasMicrodataOrRdfa: boolean;
  noscriptText: string;
}

const SPA_ROOT_IDS = new Set(['root', 'app', '__next', '__nuxt', 'svelte', 'q-app']);
const HIDDEN_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

export function parseHtml(html: string): PageFacts {
  const facts: PageFacts = {
    title: '',
    lang: '',
    meta: new Map(),
    linkElements: [],
    anchors: [],
    jsonLdBlocks: [],
    inlineScripts: [],
    externalScriptCount: 0,
    visibleText: '',
    wordCount: 0,
    htmlLength: html.length,
    h1Count: 0,
    hasMainOrArticle: false,
    articleCount: 0,
    hasEmptySpaRoot: false,
    hasMicrodataOrRdfa: false,
    noscriptText: '',
  };
  const textParts: string[] = [];
  const stack: string[] = [];
  let hiddenDepth = 0;
  let navDepth = 0;
  let inTitle = false;
  let scriptKind: 'json-ld' | 'inline' | 'other' | undefined;
  let scriptBuffer = '';
  let noscriptDepth = 0;
  // Text seen inside each open SPA root, to tell an empty shell from a hydrated page.
  const spaRoots: Array<{ depth: number; text: number }> = [];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (!VOID_ELEMENTS.has(tag)) {
          stack.push(tag);
        }
        if (HIDDEN_CONTENT.has(tag) && !VOID_ELEMENTS.has(tag)) {
          hiddenDepth += 1;
        }
        if ('itemscope' in attributes || 'typeof' in attributes || 'vocab' in attributes) {
          facts.hasMicrodataOrRdfa = true;
        }
        switch (tag) {
          case 'html':
            facts.lang = attributes.lang ?? facts.lang;
            break;
          case 'title':
            inTitle = true;
            break;
          case 'meta': {
            const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
            if (key !== '' && !facts.meta.has(key)) {
              facts.meta.set(key, attributes.content ?? '');
            }
            break;
          }
          case 'link':
            facts.linkElements.push({
              rel: (attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
              href: attributes.href ?? '',
              type: (attributes.type ?? '').toLowerCase(),
            });
            break;
          case 'a':
            if (attributes.href) {
              facts.anchors.push({ href: attributes.href, inNav: navDepth > 0 });
            }
            break;
          case 'nav':
          case 'header':
            navDepth += 1;
            break;
          case 'h1':
            facts.h1Count += 1;
            break;
          case 'main':
            facts.hasMainOrArticle = true;
            break;
          case 'article':
            facts.hasMainOrArticle = true;
            facts.articleCount += 1;
            break;
          case 'noscript':
            noscriptDepth += 1;
            break;
          case 'script': {
            const type = (attributes.type ?? '').toLowerCase();
            if (type === 'application/ld+json') {
              scriptKind = 'json-ld';
            } else if (attributes.src) {
              facts.externalScriptCount += 1;
              scriptKind = 'other';
            } else if (type === '' || type.includes('javascript') || type === 'module') {
              scriptKind = 'inline';
            } else {
              scriptKind = 'other';
            }
            scriptBuffer = '';
            break;
          }
          default:
            break;
        }
        const id = (attributes.id ?? '').toLowerCase();
        if (SPA_ROOT_IDS.has(id) && !VOID_ELEMENTS.has(tag)) {
          spaRoots.push({ depth: stack.length, text: 0 });
        }
      },
      ontext(text) {
        if (inTitle) {
          facts.title += text;
        }
        if (scriptKind !== undefined) {
          scriptBuffer += text;
          return;
        }
        if (noscriptDepth > 0) {
          facts.noscriptText += text;
        }
        if (hiddenDepth === 0) {
          textParts.push(text);
          const visible = text.trim().length;
          for (const root of spaRoots) {
            root.text += visible;
          }
        }
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (VOID_ELEMENTS.has(tag)) {
          return;
        }
        const last = spaRoots[spaRoots.length - 1];
        if (last !== undefined && last.depth === stack.length) {
          spaRoots.pop();
          if (last.text < 20) {
            facts.hasEmptySpaRoot = true;
          }
        }
        // Pop to the matching tag; htmlparser2 already balances most mismatches.
        const index = stack.lastIndexOf(tag);
        if (index >= 0) {
          stack.length = index;
        }
        if (HIDDEN_CONTENT.has(tag)) {
          hiddenDepth = Math.max(0, hiddenDepth - 1);
        }
        switch (tag) {
          case 'title':
            inTitle = false;
            break;
          case 'nav':
          case 'header':
            navDepth = Math.max(0, navDepth - 1);
            break;
          case 'noscript':
            noscriptDepth = Math.max(0, noscriptDepth - 1);
            break;
          case 'script':
            if (scriptKind === 'json-ld') {
              facts.jsonLdBlocks.push(scriptBuffer.trim());
            } else if (scriptKind === 'inline' && scriptBuffer.trim() !== '') {
              facts.inlineScripts.push(scriptBuffer);
            }
            scriptKind = undefined;
            scriptBuffer = '';
            break;
          default:
            break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  facts.title = collapse(facts.title);
  facts.visibleText = collapse(textParts.join(' '));
  facts.noscriptText = collapse(facts.noscriptText);
  facts.wordCount = facts.visibleText === '' ? 0 : facts.visibleText.split(' ').length;
  return facts;
}

/** Looks like an HTML document rather than text, markdown, XML or JSON. */
export function looksLikeHtml(body: string): boolean {
  const start = body.trimStart().slice(0, 512).toLowerCase();
  return (
    start.startsWith('<!doctype html') ||
    start.startsWith('<html') ||
    start.startsWith('<head') ||
    (start.startsWith('<') && /<(body|div|script|meta)[\s>]/.test(start))
  );
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
