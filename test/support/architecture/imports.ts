/**
 * Every import of a source file, read with the TypeScript parser rather than a pattern, and where
 * each one leads. The layer, package and cycle rules (layers.ts, cycles.ts) are built on it, so an
 * import cannot slip past them by its form: static and side-effect imports, `import type`,
 * re-exports (`export ... from`), `import x = require()`, `import()` with a string or a template
 * literal, type queries (`typeof import('x')`), `require()`, `require.resolve()` and
 * `createRequire(...)(...)` calls are all read. A specifier that is not a literal is kept as the
 * part that can be read (`#shared/adapters/…` leads into the adapters layer); one that
 * cannot be read at all is kept as unknown, and the rules treat it as reaching anywhere.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { lineOf, type SourceFile, syntaxTree } from './sources.ts';

/** How an import is written. */
type ImportForm =
  | 'import'
  | 'export from'
  | 'import()'
  | 'import type()'
  | 'require'
  | 'import = require';

/** One import as written in a file. */
export interface ImportRef {
  file: string;
  line: number;
  form: ImportForm;
  /** The specifier; a part that cannot be read statically is written `…` (UNREAD). */
  specifier: string;
  /** False when only the start of the specifier is known (a template or a concatenation). */
  exact: boolean;
  /** Erased at compile time: `import type`, `export type ... from`, `typeof import()`. */
  typeOnly: boolean;
}

/** Where an import leads. */
type ImportTarget =
  /** A repository file; when the import is not exact, the known start of its path. */
  | { kind: 'file'; path: string }
  | { kind: 'package'; name: string }
  /** A Node.js built-in module, always named with `node:`. */
  | { kind: 'builtin'; name: string }
  /** Nothing can be told: the specifier is not a literal, or an alias nobody declares. */
  | { kind: 'unknown' };

/** Stands in a specifier for a part that cannot be read statically. */
const UNREAD = '…';

/** What can be read of a specifier expression: its text, or the start of it. */
function specifierText(node: ts.Expression): { text: string; exact: boolean } {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return { text: node.text, exact: true };
  }
  if (ts.isTemplateExpression(node)) return { text: `${node.head.text}${UNREAD}`, exact: false };
  if (ts.isParenthesizedExpression(node)) return specifierText(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = specifierText(node.left);
    if (!left.exact) return left;
    const right = specifierText(node.right);
    return { text: `${left.text}${right.text}`, exact: right.exact };
  }
  return { text: UNREAD, exact: false };
}

/** `require(x)`, `require.resolve(x)`, `module.require(x)` or `createRequire(...)(x)`. */
function isRequireCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  if (ts.isPropertyAccessExpression(callee)) {
    const owner = callee.expression;
    if (ts.isIdentifier(owner) && owner.text === 'require') return callee.name.text === 'resolve';
    return ts.isIdentifier(owner) && owner.text === 'module' && callee.name.text === 'require';
  }
  return (
    ts.isCallExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'createRequire'
  );
}

type Found = Omit<ImportRef, 'file' | 'line' | 'specifier'> & { node: ts.Node; text: string };

function declarationImport(node: ts.Node): Found | undefined {
  if (ts.isImportDeclaration(node)) {
    const typeOnly = node.importClause?.isTypeOnly ?? false;
    return { node, form: 'import', typeOnly, ...read(node.moduleSpecifier) };
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
    return { node, form: 'export from', typeOnly: node.isTypeOnly, ...read(node.moduleSpecifier) };
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const specifier = read(node.moduleReference.expression);
    return { node, form: 'import = require', typeOnly: node.isTypeOnly, ...specifier };
  }
  return undefined;
}

function expressionImport(node: ts.Node): Found | undefined {
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
    const literal = node.argument.literal;
    if (ts.isStringLiteral(literal)) {
      return { node, form: 'import type()', typeOnly: true, text: literal.text, exact: true };
    }
  }
  if (!ts.isCallExpression(node)) return undefined;
  const argument = node.arguments[0];
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    return { node, form: 'import()', typeOnly: false, ...read(argument) };
  }
  if (isRequireCall(node)) return { node, form: 'require', typeOnly: false, ...read(argument) };
  return undefined;
}

function read(node: ts.Expression | undefined): { text: string; exact: boolean } {
  return node ? specifierText(node) : { text: UNREAD, exact: false };
}

const readImports = new WeakMap<SourceFile, ImportRef[]>();

/** Every import of one file, in the order written (read once per file object). */
export function importsOf(file: SourceFile): ImportRef[] {
  const known = readImports.get(file);
  if (known) return known;
  const tree = syntaxTree(file);
  const found: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    const hit = declarationImport(node) ?? expressionImport(node);
    if (hit) {
      const { node: at, text, ...rest } = hit;
      found.push({ file: file.path, line: lineOf(at, tree), specifier: text, ...rest });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  readImports.set(file, found);
  return found;
}

/** The subpath aliases of package.json (`#shared/*` -> `./shared/*.ts`). */
export type Aliases = Readonly<Record<string, string>>;

/** The `imports` map of the repository's package.json. */
export function readAliases(root: string): Aliases {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, string>;
  };
  return manifest.imports ?? {};
}

const BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/** A repository path from a path as package.json writes it (`./shared/x.ts`). */
function fileAt(written: string): ImportTarget {
  return { kind: 'file', path: path.posix.normalize(written) };
}

function aliasTarget(specifier: string, exact: boolean, aliases: Aliases): ImportTarget {
  for (const [pattern, replacement] of Object.entries(aliases)) {
    if (!pattern.endsWith('*')) {
      if (exact && specifier === pattern) return fileAt(replacement);
      continue;
    }
    const prefix = pattern.slice(0, -1);
    if (!specifier.startsWith(prefix)) continue;
    const rest = specifier.slice(prefix.length);
    if (exact) return fileAt(replacement.replace('*', rest));
    return fileAt(`${replacement.slice(0, replacement.indexOf('*'))}${rest.replace(UNREAD, '')}`);
  }
  return { kind: 'unknown' };
}

function packageTarget(specifier: string, exact: boolean): ImportTarget {
  const known = exact ? specifier : specifier.replace(UNREAD, '');
  const parts = known.split('/');
  const nameParts = known.startsWith('@') ? 2 : 1;
  // Without a literal end, the name is known only when a `/` follows it.
  if (!exact && parts.length <= nameParts) return { kind: 'unknown' };
  const name = parts.slice(0, nameParts).join('/');
  const bare = name.replace(/^node:/, '');
  if (name.startsWith('node:') || BUILTINS.has(bare))
    return { kind: 'builtin', name: `node:${bare}` };
  return { kind: 'package', name };
}

/** Where one import of `from` leads (a repository path is not checked to exist). */
export function resolveImport(
  from: string,
  ref: Pick<ImportRef, 'specifier' | 'exact'>,
  aliases: Aliases,
): ImportTarget {
  const { specifier, exact } = ref;
  if (specifier.startsWith('#')) return aliasTarget(specifier, exact, aliases);
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.') {
    // A relative path that is not a literal could climb anywhere after its known start (an
    // alias could not: Node refuses `..` in what fills its `*`).
    if (!exact) return { kind: 'unknown' };
    return { kind: 'file', path: path.posix.join(path.posix.dirname(from), specifier) };
  }
  if (specifier.startsWith('/') || specifier.startsWith(UNREAD)) return { kind: 'unknown' };
  return packageTarget(specifier, exact);
}
