/**
 * The citation rule of docs/architecture.md ("Small pieces"): comments cite documents inside the
 * repository (docs/...), never the reference kit beside it (SPEC.md, DESIGN.md, research notes),
 * which a later reader of the repository does not have. The contract is cited as docs/api.md,
 * which says it in the project's own words (test/unit/docs/own-words.test.ts). Checked by
 * test/unit/architecture/citations.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './sources.ts';

export const CITATION_ROOTS = [
  'shared',
  'functions',
  'local',
  'infra',
  'client/src',
  'scripts',
  'bench',
  'test',
] as const;

export interface Citation {
  path: string;
  line: number;
  cited: string;
}

/** The kit's documents, named without a `docs/` folder in front of them. */
const OUTSIDE_DOCUMENT = /(?<![\w/.-])(SPEC\.md|DESIGN\.md|research\/[\w-]+\.md)/g;
/** A document inside the repository's docs folder. */
const DOCS_DOCUMENT = /(?<![\w/.-])docs\/([\w./-]+\.md)/g;

function eachMatch(
  file: SourceFile,
  pattern: RegExp,
  found: (cited: string, line: number) => void,
) {
  file.text.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(pattern)) found(match[1] as string, index + 1);
  });
}

/** Every mention of a document outside the repository. */
export function findOutsideCitations(files: readonly SourceFile[]): Citation[] {
  const out: Citation[] = [];
  for (const file of files) {
    // This rule's own files name the kit's documents to say they are not to be cited.
    if (file.path.includes('architecture/citations')) continue;
    eachMatch(file, OUTSIDE_DOCUMENT, (cited, line) => out.push({ path: file.path, line, cited }));
  }
  return out;
}

/** Every `docs/<name>.md` a file cites that the repository does not have. */
export function findMissingDocs(root: string, files: readonly SourceFile[]): Citation[] {
  const out: Citation[] = [];
  for (const file of files) {
    if (file.path.includes('architecture/citations')) continue;
    eachMatch(file, DOCS_DOCUMENT, (cited, line) => {
      if (!existsSync(path.join(root, 'docs', cited))) out.push({ path: file.path, line, cited });
    });
  }
  return out;
}
