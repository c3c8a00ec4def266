/**
 * The view rule of issue 36 (docs/architecture.md "Views"): markup in `shared/surfaces/pages` and
 * `shared/surfaces/dashboard` is written only with the escaping template `html`
 * (shared/surfaces/http/html.ts), so text can never become markup unescaped. Read from the syntax
 * tree, so a comment or a doc string never counts:
 *
 * - no call or import of `escapeHtml` (the template escapes; a view that escapes by hand is a view
 *   that can forget to);
 * - no string literal, plain template literal or template with another tag that holds markup
 *   (an element's tag, `<!doctype`, `<!--`): markup built by concatenation or a plain template
 *   literal is exactly what escapes nothing;
 * - no attribute value left unquoted before an interpolation (`href=${x}`: a space in `x` would
 *   start a new attribute);
 * - no `Html.fromTrusted` outside html.ts.
 *
 * And everywhere in the code, every `unsafeRawHtml(markup, why)` call is listed with its file and
 * its reason, which must be a string literal a reviewer can read.
 * Checked by test/unit/surfaces/http/raw-html.test.ts.
 */
import ts from 'typescript';
import { lineOf, type SourceFile, syntaxTree } from './sources.ts';

/** Where views live: every file under these folders is held to the view rule. */
export const VIEW_ROOTS = ['shared/surfaces/pages', 'shared/surfaces/dashboard'] as const;

/** Where a raw door may be opened at all (and is listed). */
export const RAW_HTML_ROOTS = ['shared', 'functions', 'local'] as const;

const HTML_MODULE = 'shared/surfaces/http/html.ts';

/** The elements of HTML and SVG a view writes; a tag of any of them is markup. */
const ELEMENTS = [
  'a',
  'abbr',
  'address',
  'area',
  'article',
  'aside',
  'audio',
  'b',
  'base',
  'bdi',
  'bdo',
  'blockquote',
  'body',
  'br',
  'button',
  'canvas',
  'caption',
  'circle',
  'cite',
  'clippath',
  'code',
  'col',
  'colgroup',
  'data',
  'datalist',
  'dd',
  'defs',
  'del',
  'desc',
  'details',
  'dfn',
  'dialog',
  'div',
  'dl',
  'dt',
  'ellipse',
  'em',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'g',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hgroup',
  'hr',
  'html',
  'i',
  'iframe',
  'image',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'line',
  'lineargradient',
  'link',
  'main',
  'map',
  'mark',
  'marker',
  'menu',
  'meta',
  'meter',
  'nav',
  'noscript',
  'object',
  'ol',
  'optgroup',
  'option',
  'output',
  'p',
  'path',
  'pattern',
  'picture',
  'polygon',
  'polyline',
  'pre',
  'progress',
  'q',
  'rect',
  's',
  'samp',
  'script',
  'search',
  'section',
  'select',
  'slot',
  'small',
  'source',
  'span',
  'stop',
  'strong',
  'style',
  'sub',
  'summary',
  'sup',
  'svg',
  'symbol',
  'table',
  'tbody',
  'td',
  'template',
  'text',
  'textarea',
  'textpath',
  'tfoot',
  'th',
  'thead',
  'time',
  'title',
  'tr',
  'track',
  'tspan',
  'u',
  'ul',
  'use',
  'var',
  'video',
  'wbr',
];
const MARKUP = new RegExp(`<(?:/?(?:${ELEMENTS.join('|')})(?=[\\s/>])|!doctype|!--)`, 'i');

/** Whether a piece of code's text holds markup. */
export function holdsMarkup(text: string): boolean {
  return MARKUP.test(text);
}

export type ViewRule =
  | 'escapeHtml outside html.ts'
  | 'markup outside the html template'
  | 'unquoted attribute value'
  | 'Html.fromTrusted outside html.ts';

export interface ViewViolation {
  file: string;
  line: number;
  rule: ViewRule;
}

export interface RawHtmlCall {
  file: string;
  line: number;
  /** The reason as written; `undefined` when it is not a string literal. */
  why: string | undefined;
}

const isTemplate = (node: ts.Node): node is ts.TemplateLiteral =>
  ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** The template's literal text pieces (never its interpolated code). */
function literalPieces(template: ts.TemplateLiteral): string[] {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return [template.text];
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
}

const isCallOf = (node: ts.Node, name: string): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

/** Whether the node is (inside) an argument of `unsafeRawHtml(...)`: listed, so allowed. */
function insideRawDoor(node: ts.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (isCallOf(current, 'unsafeRawHtml')) return true;
  }
  return false;
}

function violationsOf(file: SourceFile): ViewViolation[] {
  const tree = syntaxTree(file);
  const found: ViewViolation[] = [];
  const report = (node: ts.Node, rule: ViewRule) =>
    found.push({ file: file.path, line: lineOf(node, tree), rule });
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'escapeHtml') {
      report(node, 'escapeHtml outside html.ts');
    }
    if (ts.isIdentifier(node) && node.text === 'fromTrusted') {
      report(node, 'Html.fromTrusted outside html.ts');
    }
    if (ts.isStringLiteral(node) && holdsMarkup(node.text) && !insideRawDoor(node)) {
      if (!ts.isImportDeclaration(node.parent)) report(node, 'markup outside the html template');
    }
    if (isTemplate(node)) checkTemplate(node, report);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function checkTemplate(
  node: ts.TemplateLiteral,
  report: (node: ts.Node, rule: ViewRule) => void,
): void {
  const parent = node.parent;
  const tag = ts.isTaggedTemplateExpression(parent) ? parent.tag.getText() : undefined;
  const pieces = literalPieces(node);
  if (tag === 'html') {
    // Every piece but the last is followed by an interpolation: `=` right before it is unquoted.
    if (pieces.slice(0, -1).some((piece) => /=\s*$/.test(piece))) {
      report(node, 'unquoted attribute value');
    }
    return;
  }
  if (pieces.some(holdsMarkup) && !insideRawDoor(node)) {
    report(node, 'markup outside the html template');
  }
}

/** Every break of the view rule in the given files (the view folders' files only). */
export function findViewViolations(files: readonly SourceFile[]): ViewViolation[] {
  return files
    .filter((file) => VIEW_ROOTS.some((root) => file.path.startsWith(`${root}/`)))
    .flatMap(violationsOf);
}

/** Files other than html.ts that build markup from trust: none may. */
export function findTrustedOutsideHtml(files: readonly SourceFile[]): ViewViolation[] {
  return files
    .filter((file) => file.path !== HTML_MODULE && file.text.includes('fromTrusted'))
    .flatMap((file) =>
      violationsOf(file).filter((v) => v.rule === 'Html.fromTrusted outside html.ts'),
    );
}

/** Every `unsafeRawHtml(...)` call, with its reason. */
export function findRawHtmlCalls(files: readonly SourceFile[]): RawHtmlCall[] {
  return files
    .filter((file) => file.path !== HTML_MODULE && file.text.includes('unsafeRawHtml'))
    .flatMap((file) => {
      const tree = syntaxTree(file);
      const calls: RawHtmlCall[] = [];
      const visit = (node: ts.Node): void => {
        if (isCallOf(node, 'unsafeRawHtml')) {
          const why = node.arguments[1];
          const literal =
            why && (ts.isStringLiteral(why) || ts.isNoSubstitutionTemplateLiteral(why));
          calls.push({
            file: file.path,
            line: lineOf(node, tree),
            why: literal ? why.text : undefined,
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(tree);
      return calls;
    });
}
