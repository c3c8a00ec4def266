/**
 * The source files the architecture rules read (test/unit/architecture/): each file's repository
 * path and text, read from disk or planted in memory by a test, and its syntax tree from the
 * TypeScript parser, built once per file object however many rules ask for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One file as the rules see it. */
export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

const SOURCE_EXTENSIONS = ['.ts', '.mts', '.cts', '.mjs', '.cjs', '.js'];

function scriptKind(file: string): ts.ScriptKind {
  return /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

const trees = new WeakMap<SourceFile, ts.SourceFile>();

/** The file's syntax tree, with parent links (parsed once per file object). */
export function syntaxTree(file: SourceFile): ts.SourceFile {
  let tree = trees.get(file);
  if (!tree) {
    // The rules read comments as text, never as JSDoc nodes: skipping JSDoc parsing makes the
    // parse of the whole repository about a third faster.
    const options = {
      languageVersion: ts.ScriptTarget.Latest,
      jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
    };
    tree = ts.createSourceFile(file.path, file.text, options, true, scriptKind(file.path));
    trees.set(file, tree);
  }
  return tree;
}

/** The 1-based line of a node. */
export function lineOf(node: ts.Node, tree: ts.SourceFile): number {
  return tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
}

const folders = new Map<string, SourceFile[]>();

/**
 * Every source file under the given folders, node_modules left out. Each folder is read once per
 * process and its files keep their identity, so the rules' tests that share a worker (the unit
 * project does not isolate its files) parse each file once between them.
 */
export function readSources(root: string, roots: readonly string[]): SourceFile[] {
  return roots.flatMap((folder) => {
    const key = path.join(root, folder);
    let files = folders.get(key);
    if (!files) {
      files = readFolder(root, folder);
      folders.set(key, files);
    }
    return files;
  });
}

function readFolder(root: string, folder: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative);
      } else if (SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension))) {
        out.push({ path: relative, text: readFileSync(path.join(root, relative), 'utf8') });
      }
    }
  };
  walk(folder);
  return out;
}

/** Every source file under shared/, read from disk. */
export function readSharedSources(root: string): SourceFile[] {
  return readSources(root, ['shared']);
}

/**
 * A real file of the repository with `addition` appended at its end, in memory: how the rules'
 * tests plant one violation in a file the rule really reads, without writing anything.
 */
export function plantedIn(root: string, file: string, addition: string): SourceFile {
  const text = readFileSync(path.join(root, file), 'utf8');
  return { path: file, text: `${text}\n${addition}\n` };
}
