/**
 * The comment rules of docs/architecture.md ("Small pieces"): every source file in shared/,
 * functions/, local/ and infra/ starts with a comment that says what the file is for, before its
 * first import (a comment after the imports reads as the documentation of the next symbol); and
 * no doc comment in the source is detached from what it documents: one followed by another
 * comment, a blank line, an import, a closing bracket or the end of the file documents nothing
 * (it is left over from a symbol that moved). Checked by test/unit/architecture/headers.test.ts.
 */
import ts from 'typescript';
import { type SourceFile, syntaxTree } from './sources.ts';

export const HEADER_ROOTS = ['shared', 'functions', 'local', 'infra'] as const;

/** Where the detached-comment rule applies: the source, the size rule's folders and the client. */
export const DOC_COMMENT_ROOTS = [...HEADER_ROOTS, 'bench', 'scripts', 'client/src'];

/** True when the file (after a `#!` line) begins with a comment. */
function hasHeader(text: string): boolean {
  const start = text.replace(/^#!.*\n/, '').trimStart();
  return start.startsWith('/*') || start.startsWith('//');
}

export function findMissingHeaders(files: readonly SourceFile[]): string[] {
  return files.filter((file) => !hasHeader(file.text)).map((file) => file.path);
}

/** A doc comment that documents nothing. */
interface DetachedComment {
  file: string;
  line: number;
  /** What follows the comment instead of the code it documents. */
  followedBy: 'a comment' | 'a blank line' | 'an import' | 'a closing bracket' | 'the end';
}

/** Line comments that must stand right before the code they act on, after its doc comment. */
const DIRECTIVE = /^\/\/\s*(biome-ignore|@ts-expect-error|@ts-ignore)/;
const IMPORT_DECLARATION = /^import\s+(type\s+)?[\w{*'"]/;

/**
 * Every run of comments in a file, each as the comments between two tokens: the trivia before
 * each node and after each node (which is where a comment before a closing bracket or the end of
 * the file sits). The syntax tree is walked rather than the text scanned, so text inside strings
 * and templates is never taken for a comment.
 */
function commentRuns(tree: ts.SourceFile): ts.CommentRange[][] {
  const text = tree.text;
  const seen = new Set<number>();
  const runs: ts.CommentRange[][] = [];
  const collect = (position: number): void => {
    const run = ts.getLeadingCommentRanges(text, position);
    if (run?.[0] && !seen.has(run[0].pos)) {
      seen.add(run[0].pos);
      runs.push(run);
    }
  };
  const visit = (node: ts.Node): void => {
    collect(node.pos);
    ts.forEachChild(node, visit);
    collect(node.end);
  };
  visit(tree);
  return runs;
}

function followerOf(
  text: string,
  comment: ts.CommentRange,
  after: ts.CommentRange | undefined,
): DetachedComment['followedBy'] | undefined {
  if (after && !DIRECTIVE.test(text.slice(after.pos, after.end))) return 'a comment';
  const rest = text.slice(comment.end);
  const next = comment.end + rest.length - rest.trimStart().length;
  if (next >= text.length) return 'the end';
  if ('}])'.includes(text.charAt(next))) return 'a closing bracket';
  if (IMPORT_DECLARATION.test(text.slice(next, next + 40))) return 'an import';
  const gap = text.slice(comment.end, after ? after.pos : next);
  return /\n[ \t]*\r?\n/.test(gap) ? 'a blank line' : undefined;
}

/** The doc comments of one file that are not attached to code, its header aside. */
export function findDetachedComments(file: SourceFile): DetachedComment[] {
  const tree = syntaxTree(file);
  const { text } = file;
  const headerEnd = hasHeader(text) ? (ts.getLeadingCommentRanges(text, 0)?.[0]?.end ?? 0) : 0;
  const found: DetachedComment[] = [];
  for (const run of commentRuns(tree)) {
    run.forEach((comment, index) => {
      const isDoc = text.startsWith('/**', comment.pos) && !text.startsWith('/**/', comment.pos);
      if (!isDoc || comment.end <= headerEnd) return;
      const followedBy = followerOf(text, comment, run[index + 1]);
      if (!followedBy) return;
      const line = tree.getLineAndCharacterOfPosition(comment.pos).line + 1;
      found.push({ file: file.path, line, followedBy });
    });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** One detached comment as a line of a failure message. */
export function describeDetached(comment: DetachedComment): string {
  return `${comment.file}:${comment.line} doc comment followed by ${comment.followedBy}`;
}
