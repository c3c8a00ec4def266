/**
 * The explicit-wiring rules of docs/decisions.md ("Explicit wiring (issue 14)", "A layer rule that
 * cannot be walked around (issue 24)"), read with the TypeScript parser: in shared/ only the
 * configuration module touches the process environment, and it only reads it; and no source file
 * writes the environment except the one configuration entry of a program that must, each limited
 * to the variables it names. A write is an assignment (any operator, destructuring included),
 * `++`/`--`, `delete`, `Object.assign` and the other mutating calls of Object and Reflect,
 * replacing `process.env`, and `process.loadEnvFile()`; the environment is recognised as
 * `process.env`, `process['env']`, `globalThis.process.env`, the `env` of `node:process` and any
 * name the file binds to one of them.
 */
import ts from 'typescript';
import { lineOf, type SourceFile, syntaxTree } from './sources.ts';

/** The one module of shared/ that may read the environment; it never writes it. */
export const CONFIGURATION_MODULE = 'shared/wiring/config.ts';

/** The folders of the repository's programs, where the write rule applies. */
export const ENVIRONMENT_ROOTS = [
  'shared',
  'functions',
  'infra',
  'local',
  'bench',
  'scripts',
  'client/src',
] as const;

/**
 * The configuration entry of each program that has to write the environment, the variables it
 * may write and why. The service writes nothing; the bench harness hands its variables to the
 * local stack; the local stack sets the one variable Lambda's runtime sets on AWS, because
 * Powertools reads it from the process environment (docs/decisions.md).
 */
export const ENVIRONMENT_WRITERS: Readonly<
  Record<string, { variables: readonly string[]; reason: string }>
> = {
  'local/stack.ts': {
    variables: ['AWS_LAMBDA_MAX_CONCURRENCY'],
    reason: 'Powertools scopes log state per invocation only when Lambda sets this variable',
  },
};

/** One use of the process environment. */
interface EnvironmentUse {
  file: string;
  line: number;
  kind: 'read' | 'write';
  /** The variable, when one is named; `*` for the whole environment or a computed name. */
  variable: string;
}

const PROCESS_MODULES = new Set(['process', 'node:process']);
const MUTATORS: Readonly<Record<string, readonly string[]>> = {
  Object: ['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf'],
  Reflect: ['set', 'defineProperty', 'deleteProperty', 'setPrototypeOf'],
};

/** The names a file gives the process object and the environment object. */
interface Names {
  process: Set<string>;
  env: Set<string>;
}

function memberName(node: ts.Node): string | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
    return node.argumentExpression.text;
  }
  return undefined;
}

function isProcess(node: ts.Node, names: Names): boolean {
  if (ts.isIdentifier(node)) return names.process.has(node.text);
  if (!ts.isPropertyAccessExpression(node) && !ts.isElementAccessExpression(node)) return false;
  const owner = node.expression;
  return (
    memberName(node) === 'process' &&
    ts.isIdentifier(owner) &&
    (owner.text === 'globalThis' || owner.text === 'global')
  );
}

/** True for an expression that is the environment object itself. */
function isEnvironment(node: ts.Node, names: Names): boolean {
  if (ts.isIdentifier(node)) return names.env.has(node.text) && !isDeclaredName(node);
  if (!ts.isPropertyAccessExpression(node) && !ts.isElementAccessExpression(node)) return false;
  return memberName(node) === 'env' && isProcess(node.expression, names);
}

function isDeclaredName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isImportSpecifier(parent) || ts.isBindingElement(parent)) return true;
  return (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAccessExpression(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isParameter(parent)) &&
    parent.name === node
  );
}

/** Names bound by `import ... from 'node:process'`. */
function importedNames(tree: ts.SourceFile, names: Names): void {
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    if (!PROCESS_MODULES.has(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (clause?.name) names.process.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.process.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (imported === 'env') names.env.add(element.name.text);
      }
    }
  }
}

/** Adds names bound to the environment (`const e = process.env`, `const { env } = process`). */
function aliasNames(tree: ts.SourceFile, names: Names): boolean {
  let added = false;
  const add = (name: string) => {
    if (!names.env.has(name)) added = true;
    names.env.add(name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      if (ts.isIdentifier(node.name) && isEnvironment(node.initializer, names)) add(node.name.text);
      if (ts.isObjectBindingPattern(node.name) && isProcess(node.initializer, names)) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key) && key.text === 'env' && ts.isIdentifier(element.name)) {
            add(element.name.text);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return added;
}

function namesOf(tree: ts.SourceFile): Names {
  const names: Names = { process: new Set(['process']), env: new Set() };
  importedNames(tree, names);
  while (aliasNames(tree, names)) {
    // An alias of an alias is an alias too: read again until nothing new is bound.
  }
  return names;
}

/** True when `node` is written by the expression around it. */
function isWritten(node: ts.Node): boolean {
  let child = node;
  let parent = node.parent;
  // Climb out of a destructuring target: `({ a: process.env.X } = value)`.
  while (
    ts.isObjectLiteralExpression(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isShorthandPropertyAssignment(parent) ||
    ts.isSpreadAssignment(parent) ||
    ts.isSpreadElement(parent) ||
    ts.isParenthesizedExpression(parent)
  ) {
    if (ts.isPropertyAssignment(parent) && parent.name === child) return false;
    child = parent;
    parent = parent.parent;
  }
  if (ts.isBinaryExpression(parent) && parent.left === child) {
    const operator = parent.operatorToken.kind;
    return operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment;
  }
  if (child !== node) return false;
  if (ts.isDeleteExpression(parent)) return true;
  const increments = [ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken];
  return (
    (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    increments.includes(parent.operator)
  );
}

function isMutatingCall(node: ts.Node, argument: ts.Node): boolean {
  if (!ts.isCallExpression(node) || node.arguments[0] !== argument) return false;
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return false;
  return MUTATORS[callee.expression.text]?.includes(callee.name.text) ?? false;
}

/** The expression around `node` once parentheses and type assertions are taken off. */
function outermost(node: ts.Expression): ts.Expression {
  let outer = node;
  while (
    ts.isParenthesizedExpression(outer.parent) ||
    ts.isAsExpression(outer.parent) ||
    ts.isSatisfiesExpression(outer.parent) ||
    ts.isNonNullExpression(outer.parent) ||
    ts.isTypeAssertionExpression(outer.parent)
  ) {
    outer = outer.parent;
  }
  return outer;
}

/** How one occurrence of the environment object is used. */
function useOf(node: ts.Expression): Pick<EnvironmentUse, 'kind' | 'variable'> {
  const outer = outermost(node);
  const parent = outer.parent;
  if (
    (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
    parent.expression === outer
  ) {
    return {
      kind: isWritten(outermost(parent)) ? 'write' : 'read',
      variable: memberName(parent) ?? '*',
    };
  }
  const written = isWritten(outer) || isMutatingCall(parent, outer);
  return { kind: written ? 'write' : 'read', variable: '*' };
}

/** Every use of the process environment in one file. */
export function environmentUses(file: SourceFile): EnvironmentUse[] {
  // Every way to the environment names `env` (or loadEnvFile): files that never do need no parse.
  if (!/\benv\b|loadEnvFile/.test(file.text)) return [];
  const tree = syntaxTree(file);
  const names = namesOf(tree);
  const uses: EnvironmentUse[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpression(node) && isEnvironment(node, names)) {
      uses.push({ file: file.path, line: lineOf(node, tree), ...useOf(node) });
      return;
    }
    if (ts.isCallExpression(node) && memberName(node.expression) === 'loadEnvFile') {
      const owner = (node.expression as ts.PropertyAccessExpression).expression;
      if (isProcess(owner, names)) {
        uses.push({ file: file.path, line: lineOf(node, tree), kind: 'write', variable: '*' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return uses;
}

/** Uses of the environment in shared/ outside the configuration module, which only reads it. */
export function findEnvironmentReaders(files: readonly SourceFile[]): EnvironmentUse[] {
  return files
    .filter((file) => file.path.startsWith('shared/'))
    .flatMap(environmentUses)
    .filter((use) => use.file !== CONFIGURATION_MODULE || use.kind === 'write');
}

/** Writes of the environment anywhere but a listed entry, and there only of its variables. */
export function findEnvironmentWrites(
  files: readonly SourceFile[],
  writers = ENVIRONMENT_WRITERS,
): EnvironmentUse[] {
  return files
    .flatMap(environmentUses)
    .filter((use) => use.kind === 'write')
    .filter((use) => !writers[use.file]?.variables.includes(use.variable));
}

/** One use as a line of a failure message. */
export function describeUse(use: EnvironmentUse): string {
  return `${use.file}:${use.line} ${use.kind}s ${use.variable === '*' ? 'the environment' : use.variable}`;
}
