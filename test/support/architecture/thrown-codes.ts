/**
 * Every error code thrown in the source: each `new <AppError class>(code, ...)` of shared/,
 * functions/, local/, scripts/ and bench/, read with the TypeScript parser (the code is the first
 * argument, `not_found` for NotFoundError). A code written as an expression (`code ?? 'x'`) counts
 * with every known code it names; one held in a variable is left to the compiler, which types it.
 * Used by test/unit/surfaces/http/error-status.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ThrownCode {
  file: string;
  line: number;
  errorClass: string;
  code: string;
}

/** The error classes of shared/domain/kernel/errors.ts. */
export const ERROR_CLASSES = new Set([
  'AppError',
  'BadRequestError',
  'UnauthorizedError',
  'PaymentRequiredError',
  'ForbiddenError',
  'ConflictError',
  'RateLimitedError',
  'NotFoundError',
  'OperationFailedError',
  'UnavailableError',
]);

const SOURCE_FOLDERS = ['shared', 'functions', 'local', 'scripts', 'bench'];

/** The string literals in an expression that look like error codes (snake_case words). */
function codesIn(node: ts.Node): string[] {
  if (ts.isStringLiteralLike(node)) return /^[a-z]+(_[a-z]+)*$/.test(node.text) ? [node.text] : [];
  const found: string[] = [];
  node.forEachChild((child) => {
    found.push(...codesIn(child));
  });
  return found;
}

/** The codes thrown in one file's text. */
export function thrownCodesIn(file: string, text: string): ThrownCode[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ThrownCode[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ERROR_CLASSES.has(node.expression.text)
    ) {
      const errorClass = node.expression.text;
      const first = node.arguments?.[0];
      const codes = errorClass === 'NotFoundError' ? ['not_found'] : first ? codesIn(first) : [];
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      for (const code of codes) found.push({ file, line, errorClass, code });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** The codes thrown across the source folders of the repository at `root`. */
export function thrownCodes(root: string): ThrownCode[] {
  const found: ThrownCode[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) {
        found.push(...thrownCodesIn(relative, readFileSync(path.join(root, relative), 'utf8')));
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return found;
}
