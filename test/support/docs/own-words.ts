/**
 * The own-words rule of docs/api.md ("About this page"): the repository's text is the project's
 * own, so no file repeats a passage of the customer's contract (`../shared/SPEC.md`, beside the
 * repository) word for word. A passage is a paragraph, a list item or a table row of that file, or
 * a sentence inside one, of more than 20 words. Both sides are compared as sequences of lower-cased
 * words, so whitespace, line breaks, markdown and comment decoration (`*`, `//`, `>`, `#`, list
 * markers, backticks, quotes, string concatenation) and HTML tags cannot hide a copy. Checked by
 * test/unit/docs/own-words.test.ts, which reads the contract at run time: no fixture holds it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A passage counts when it has more words than this. */
export const MIN_PASSAGE_WORDS = 20;

/** Where the contract lies, relative to the repository root. */
export const CONTRACT_PATH = '../shared/SPEC.md';

/** One passage of the contract: its text as written and its words as compared. */
export interface Passage {
  text: string;
  words: readonly string[];
  /** The item a sentence belongs to: a file repeating the whole item is reported once. */
  within?: Passage;
}

/** A file that repeats a passage. */
interface Repeat {
  path: string;
  passage: string;
}

/** A file of the repository and its text. */
interface TextFile {
  path: string;
  text: string;
}

/** Markup that carries no words: HTML tags, entities and template interpolations. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+);|\$\{[^{}]*\}/g;
const WORD = /[\p{L}\p{N}]+/gu;
/** A line that starts a passage of its own inside a block: a list item, a table row, a heading. */
const ITEM_START = /^\s*(?:[-*+]\s|\d+[.)]\s|\||#{1,6}\s)/;
/** A sentence ends at a full stop, question or exclamation mark followed by a space. */
const SENTENCE_END = /(?<=[.!?])\s+(?=\S)/;

/** The words of a text as the rule compares them: lower-cased letters and digits, no markup. */
function wordsOf(text: string): string[] {
  return text.replace(MARKUP, ' ').toLowerCase().match(WORD) ?? [];
}

/** How many words a reader counts in a passage (runs of text holding a letter or digit). */
function wordCount(text: string): number {
  return text.split(/\s+/).filter((piece) => /[\p{L}\p{N}]/u.test(piece)).length;
}

/** Splits markdown into blocks (blank lines between) and each block into its items. */
function itemsOf(markdown: string): string[] {
  const items: string[] = [];
  for (const block of markdown.replaceAll('\r\n', '\n').split(/\n\s*\n/)) {
    let current: string[] = [];
    for (const line of block.split('\n')) {
      if (ITEM_START.test(line) && current.length > 0) {
        items.push(current.join(' '));
        current = [];
      }
      current.push(line);
    }
    if (current.length > 0) items.push(current.join(' '));
  }
  return items;
}

function passage(text: string, within?: Passage): Passage {
  return { text, words: wordsOf(text), ...(within ? { within } : {}) };
}

/** Every passage of more than MIN_PASSAGE_WORDS words: items, and long sentences inside them. */
export function passagesOf(markdown: string): Passage[] {
  const passages: Passage[] = [];
  for (const item of itemsOf(markdown)) {
    const text = item.replace(/\s+/g, ' ').trim();
    if (wordCount(text) <= MIN_PASSAGE_WORDS) continue;
    const whole = passage(text);
    passages.push(whole);
    for (const sentence of text.split(SENTENCE_END)) {
      if (sentence !== text && wordCount(sentence) > MIN_PASSAGE_WORDS)
        passages.push(passage(sentence, whole));
    }
  }
  return passages;
}

/** The first words of a passage, by which a file's word stream is searched. */
const KEY_WORDS = 4;

function keyOf(words: readonly string[], at: number): string {
  return words.slice(at, at + KEY_WORDS).join(' ');
}

function repeatsAt(words: readonly string[], at: number, passage: Passage): boolean {
  if (at + passage.words.length > words.length) return false;
  return passage.words.every((word, index) => words[at + index] === word);
}

/** Every (file, passage) pair where the file holds the passage word for word. */
export function findRepeats(passages: readonly Passage[], files: readonly TextFile[]): Repeat[] {
  const byKey = new Map<string, Passage[]>();
  for (const passage of passages) {
    const key = keyOf(passage.words, 0);
    byKey.set(key, [...(byKey.get(key) ?? []), passage]);
  }
  const repeats: Repeat[] = [];
  for (const file of files) {
    const words = wordsOf(file.text);
    const found = new Set<Passage>();
    for (let at = 0; at < words.length; at += 1) {
      for (const passage of byKey.get(keyOf(words, at)) ?? []) {
        if (!found.has(passage) && repeatsAt(words, at, passage)) found.add(passage);
      }
    }
    for (const passage of found) {
      if (passage.within && found.has(passage.within)) continue;
      repeats.push({ path: file.path, passage: passage.text });
    }
  }
  return repeats;
}

/** Files never compared: the lock file (generated) and binaries (no words). */
function isComparable(file: string, bytes: Buffer): boolean {
  if (path.basename(file) === 'package-lock.json') return false;
  return !bytes.subarray(0, 8000).includes(0);
}

/** git's own complaint outside a checkout is not the test's output. */
const QUIET: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore'];

/** Folders a checkout without git would hold that git ignores (the .gitignore files). */
const UNTRACKED_FOLDERS = new Set([
  '.git',
  'node_modules',
  '.data',
  'cdk.out',
  'coverage',
  '.test-results',
  '.bench',
  'dist',
  '.readme-examples',
]);

/** The files under `root` outside the ignored folders: the list when git is not there to ask. */
function walkedFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory() && !UNTRACKED_FOLDERS.has(entry.name))
      files.push(...walkedFiles(root, relative));
    else if (entry.isFile() && !entry.name.endsWith('.log')) files.push(relative);
  }
  return files;
}

/** The repository's files: `git ls-files`, or a walk of the tree in a copy without git. */
function repositoryFiles(root: string): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: QUIET,
    }).split('\0');
  } catch {
    return walkedFiles(root);
  }
}

/** Every tracked text file of the repository at `root`, with its text. */
export function trackedTextFiles(root: string): TextFile[] {
  const files: TextFile[] = [];
  for (const file of repositoryFiles(root)) {
    const full = path.join(root, file);
    // A file deleted in the work tree but not yet from the index is not there to read.
    if (file === '' || !existsSync(full)) continue;
    const bytes = readFileSync(full);
    if (isComparable(file, bytes)) files.push({ path: file, text: bytes.toString('utf8') });
  }
  return files;
}

/**
 * The repository roots the contract may lie beside: this checkout, and, for a linked work tree
 * (`git worktree add`), the main checkout whose `.git` it shares.
 */
function checkoutRoots(root: string): string[] {
  const roots = [root];
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      { cwd: root, encoding: 'utf8', stdio: QUIET },
    ).trim();
    roots.push(path.dirname(common));
  } catch {
    // Not a git checkout: only the root itself.
  }
  return roots;
}

/** Where the contract was found and its text, or undefined when no checkout lies beside it. */
export function readContract(root: string): { file: string; text: string } | undefined {
  for (const checkout of checkoutRoots(root)) {
    const file = path.resolve(checkout, CONTRACT_PATH);
    if (existsSync(file)) return { file, text: readFileSync(file, 'utf8') };
  }
  return undefined;
}
