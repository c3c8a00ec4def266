/**
 * The size rule of docs/architecture.md ("Small pieces"): no source file over 400 lines and no
 * function over 60 lines, measured with the TypeScript parser so that every kind of function
 * counts (declarations, methods, accessors, constructors, function expressions and arrow
 * functions, nested ones too). Generated data files are exempt, each listed with its reason.
 * Checked by test/unit/architecture/sizes.test.ts.
 */
import ts from 'typescript';
import { type SourceFile, syntaxTree } from './sources.ts';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 60;

/** The source folders the rule covers (tests are not source). */
export const SOURCE_ROOTS = ['shared', 'functions', 'local', 'infra', 'bench', 'scripts'] as const;

/**
 * Files that hold generated data, not code, with the reason each is exempt. None today: the
 * largest tables (standards, prompt sets, fixtures) are written by hand and fit the limit; a
 * generated file added later is listed here with what generates it.
 */
export const GENERATED_DATA: Readonly<Record<string, string>> = {};

export interface SizeOffence {
  file: string;
  /** The function's name (`Class.method`, `outer > inner`, `(arrow)`), absent for a whole file. */
  name?: string;
  /** First line of the function (1-based), absent for a whole file. */
  line?: number;
  lines: number;
  limit: number;
}

/** Lines of a text, not counting the empty line after a final newline. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** A readable name: the declared name, or what the function is assigned to or passed as. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`;
  return ts.isArrowFunction(node) ? '(arrow function)' : '(function)';
}

/** Every function of one file longer than the limit, nested ones included. */
export function findLongFunctions(file: SourceFile, limit = MAX_FUNCTION_LINES): SizeOffence[] {
  const source = syntaxTree(file);
  const found: SizeOffence[] = [];
  const visit = (node: ts.Node, outer: string | undefined): void => {
    let name = outer;
    if (isFunctionLike(node) && node.body) {
      const own = functionName(node, source);
      name = outer ? `${outer} > ${own}` : own;
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file: file.path, name, line: first + 1, lines, limit });
    }
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(source, undefined);
  return found;
}

/** Files over the line limit and functions over theirs, generated data left out. */
export function findSizeOffences(
  files: readonly SourceFile[],
  exempt: Readonly<Record<string, string>> = GENERATED_DATA,
): SizeOffence[] {
  const offences: SizeOffence[] = [];
  for (const file of files) {
    if (exempt[file.path] !== undefined) continue;
    const lines = countLines(file.text);
    if (lines > MAX_FILE_LINES) {
      offences.push({ file: file.path, lines, limit: MAX_FILE_LINES });
    }
    offences.push(...findLongFunctions(file));
  }
  return offences;
}

/** One offence as a line of the failure message. */
export function describeOffence(offence: SizeOffence): string {
  return offence.name === undefined
    ? `${offence.file}: ${offence.lines} lines (file limit ${offence.limit})`
    : `${offence.file}:${offence.line} ${offence.name}: ${offence.lines} lines (function limit ${offence.limit})`;
}
