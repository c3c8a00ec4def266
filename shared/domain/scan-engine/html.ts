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

type Attributes = Record<string, string>;

/** Everything one pass keeps between parser events; `facts` is filled in as it goes. */
interface Pass {
  facts: PageFacts;
  /** Open elements, innermost last (void elements never open). */
  stack: string[];
  /** Open elements whose text is not visible (script, style, head ...). */
  hiddenDepth: number;
  /** Open <nav> and <header> elements: links inside are navigation. */
  navDepth: number;
  noscriptDepth: number;
  inTitle: boolean;
  /** The open <script> and its text so far. */
  script: { kind: 'json-ld' | 'inline' | 'other'; text: string } | undefined;
  /** Text seen inside each open SPA root, to tell an empty shell from a hydrated page. */
  spaRoots: Array<{ depth: number; text: number }>;
  textParts: string[];
}

export function parseHtml(html: string): PageFacts {
  const pass = startPass(html.length);
  const parser = new Parser(
    {
      onopentag: (name, attributes) => openTag(pass, name.toLowerCase(), attributes),
      ontext: (text) => readText(pass, text),
      onclosetag: (name) => closeTag(pass, name.toLowerCase()),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const { facts } = pass;
  facts.title = collapse(facts.title);
  facts.visibleText = collapse(pass.textParts.join(' '));
  facts.noscriptText = collapse(facts.noscriptText);
  facts.wordCount = facts.visibleText === '' ? 0 : facts.visibleText.split(' ').length;
  return facts;
}

function startPass(htmlLength: number): Pass {
  return {
    facts: {
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
      htmlLength,
      h1Count: 0,
      hasMainOrArticle: false,
      articleCount: 0,
      hasEmptySpaRoot: false,
      hasMicrodataOrRdfa: false,
      noscriptText: '',
    },
    stack: [],
    hiddenDepth: 0,
    navDepth: 0,
    noscriptDepth: 0,
    inTitle: false,
    script: undefined,
    spaRoots: [],
    textParts: [],
  };
}

function openTag(pass: Pass, tag: string, attributes: Attributes): void {
  const isVoid = VOID_ELEMENTS.has(tag);
  if (!isVoid) pass.stack.push(tag);
  if (HIDDEN_CONTENT.has(tag) && !isVoid) pass.hiddenDepth += 1;
  if ('itemscope' in attributes || 'typeof' in attributes || 'vocab' in attributes) {
    pass.facts.hasMicrodataOrRdfa = true;
  }
  readHeadTag(pass, tag, attributes);
  readBodyTag(pass, tag, attributes);
  if (tag === 'script') openScript(pass, attributes);
  const id = (attributes.id ?? '').toLowerCase();
  if (SPA_ROOT_IDS.has(id) && !isVoid) {
    pass.spaRoots.push({ depth: pass.stack.length, text: 0 });
  }
}

/** Document metadata: language, title, <meta> and <link> elements. */
function readHeadTag(pass: Pass, tag: string, attributes: Attributes): void {
  const { facts } = pass;
  if (tag === 'html') {
    facts.lang = attributes.lang ?? facts.lang;
  } else if (tag === 'title') {
    pass.inTitle = true;
  } else if (tag === 'meta') {
    const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
    if (key !== '' && !facts.meta.has(key)) facts.meta.set(key, attributes.content ?? '');
  } else if (tag === 'link') {
    facts.linkElements.push({
      rel: (attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      href: attributes.href ?? '',
      type: (attributes.type ?? '').toLowerCase(),
    });
  }
}

/** Links, navigation, headings, landmarks and <noscript>. */
function readBodyTag(pass: Pass, tag: string, attributes: Attributes): void {
  const { facts } = pass;
  switch (tag) {
    case 'a':
      if (attributes.href) facts.anchors.push({ href: attributes.href, inNav: pass.navDepth > 0 });
      break;
    case 'nav':
    case 'header':
      pass.navDepth += 1;
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
      pass.noscriptDepth += 1;
      break;
    default:
      break;
  }
}

/** JSON-LD and inline scripts keep their text; external ones are counted. */
function openScript(pass: Pass, attributes: Attributes): void {
  const type = (attributes.type ?? '').toLowerCase();
  let kind: 'json-ld' | 'inline' | 'other' = 'other';
  if (type === 'application/ld+json') {
    kind = 'json-ld';
  } else if (attributes.src) {
    pass.facts.externalScriptCount += 1;
  } else if (type === '' || type.includes('javascript') || type === 'module') {
    kind = 'inline';
  }
  pass.script = { kind, text: '' };
}

function closeScript(pass: Pass): void {
  const { script, facts } = pass;
  if (script?.kind === 'json-ld') {
    facts.jsonLdBlocks.push(script.text.trim());
  } else if (script?.kind === 'inline' && script.text.trim() !== '') {
    facts.inlineScripts.push(script.text);
  }
  pass.script = undefined;
}

function readText(pass: Pass, text: string): void {
  if (pass.inTitle) pass.facts.title += text;
  if (pass.script !== undefined) {
    pass.script.text += text;
    return;
  }
  if (pass.noscriptDepth > 0) pass.facts.noscriptText += text;
  if (pass.hiddenDepth === 0) {
    pass.textParts.push(text);
    const visible = text.trim().length;
    for (const root of pass.spaRoots) root.text += visible;
  }
}

function closeTag(pass: Pass, tag: string): void {
  if (VOID_ELEMENTS.has(tag)) return;
  closeSpaRoot(pass);
  // Pop to the matching tag; htmlparser2 already balances most mismatches.
  const index = pass.stack.lastIndexOf(tag);
  if (index >= 0) pass.stack.length = index;
  if (HIDDEN_CONTENT.has(tag)) pass.hiddenDepth = Math.max(0, pass.hiddenDepth - 1);
  switch (tag) {
    case 'title':
      pass.inTitle = false;
      break;
    case 'nav':
    case 'header':
      pass.navDepth = Math.max(0, pass.navDepth - 1);
      break;
    case 'noscript':
      pass.noscriptDepth = Math.max(0, pass.noscriptDepth - 1);
      break;
    case 'script':
      closeScript(pass);
      break;
    default:
      break;
  }
}

/** An SPA root that closes with (almost) no visible text in it is an empty shell. */
function closeSpaRoot(pass: Pass): void {
  const last = pass.spaRoots.at(-1);
  if (last !== undefined && last.depth === pass.stack.length) {
    pass.spaRoots.pop();
    if (last.text < 20) pass.facts.hasEmptySpaRoot = true;
  }
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
