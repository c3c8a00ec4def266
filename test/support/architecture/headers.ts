/**
 * The header rule of docs/architecture.md: every source file in shared/, functions/, local/ and
 * infra/ starts with a comment that says what the file is for, before its first import (a
 * comment after the imports reads as the documentation of the next symbol). Checked by
 * test/unit/architecture/headers.test.ts.
 */
import ts from 'typescript';
import type { SourceFile } from './layers.ts';

export const HEADER_ROOTS = ['shared', 'functions', 'local', 'infra'] as const;

/**
 * Files still without a header before their imports, each finished by the change named (they
 * are being rewritten elsewhere, or need a header written rather than moved). The test fails
 * when one of these has its header and is still listed, so the list only shrinks.
 */
export const PENDING_HEADERS: Readonly<Record<string, string>> = {};

/** True when the file (after a `#!` line) begins with a comment. */
export function hasHeader(text: string): boolean {
  const start = text.replace(/^#!.*\n/, '').trimStart();
  return start.startsWith('/*') || start.startsWith('//');
}

export function findMissingHeaders(files: readonly SourceFile[]): string[] {
  return files.filter((file) => !hasHeader(file.text)).map((file) => file.path);
}

/**
 * The file with the block comment that directly follows its imports moved to the top, or
 * undefined when there is no such comment (nothing to move: a header must be written).
 */
export function moveHeaderAboveImports(path: string, text: string): string | undefined {
  if (hasHeader(text)) return undefined;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const firstCode = source.statements.find((statement) => !ts.isImportDeclaration(statement));
  if (!firstCode || firstCode === source.statements[0]) return undefined;
  const comment = ts.getLeadingCommentRanges(text, firstCode.getFullStart())?.[0];
  if (!comment || comment.kind !== ts.SyntaxKind.MultiLineCommentTrivia) return undefined;
  const header = text.slice(comment.pos, comment.end);
  // Drop the comment and the line break after it, so the next symbol keeps its own spacing.
  const after = text.slice(comment.end).replace(/^[ \t]*\r?\n/, '');
  const rest = `${text.slice(0, comment.pos)}${after}`;
  return `${header}\n${rest}`;
}
