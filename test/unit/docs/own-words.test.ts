/**
 * The own-words rule (docs/api.md "About this page"): no tracked file of the repository repeats a
 * passage of more than 20 words of the customer's contract, which the test reads from beside the
 * repository at run time (test/support/docs/own-words.ts). The planted violations take a passage
 * from the contract when the test runs and append it to a real file's text in memory, so no
 * fixture holds a copy.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_PATH,
  findRepeats,
  MIN_PASSAGE_WORDS,
  type Passage,
  passagesOf,
  readContract,
  trackedTextFiles,
} from '#test/support/docs/own-words';

const root = process.cwd();
const contract = readContract(root);
const missing = `the contract ${CONTRACT_PATH} is not beside this checkout: the own-words check cannot run`;
const passages = contract ? passagesOf(contract.text) : [];

/** The longest passage: the planted copies below use it. */
function longestPassage(): Passage {
  const [longest] = [...passages].sort((a, b) => b.words.length - a.words.length);
  if (!longest) throw new Error('the contract has no passage of more than 20 words');
  return longest;
}

/** A real file of the repository, with `extra` appended, as the rule would read it. */
function plantedIn(file: string, extra: string) {
  return [{ path: file, text: `${readFileSync(file, 'utf8')}\n${extra}\n` }];
}

/** The passage's text broken into lines of at most `width` characters, each with `prefix`. */
function wrapped(text: string, prefix: string, width = 60): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + word.length > width) {
      lines.push(`${prefix}${line}`);
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, `${prefix}${line}`].join('\n');
}

describe('own-words rule', () => {
  it('finds no tracked file repeating a passage of the contract', (context) => {
    if (!contract) context.skip(missing);
    expect(passages.length).toBeGreaterThan(10);
    const files = trackedTextFiles(root);
    expect(files.length).toBeGreaterThan(500);
    expect(findRepeats(passages, files)).toEqual([]);
  });

  it('fires on a passage appended to a markdown page', (context) => {
    if (!contract) context.skip(missing);
    const passage = longestPassage();
    expect(findRepeats(passages, plantedIn('docs/architecture.md', passage.text))).toEqual([
      { path: 'docs/architecture.md', passage: passage.text },
    ]);
  });

  it('fires on a passage rewrapped into a doc comment, a line comment and a quote', (context) => {
    if (!contract) context.skip(missing);
    const passage = longestPassage();
    const decorations = [`/**\n${wrapped(passage.text, ' * ')}\n */`, wrapped(passage.text, '// ')];
    decorations.push(wrapped(passage.text.replaceAll('`', ''), '> '));
    for (const decorated of decorations) {
      expect(findRepeats(passages, plantedIn('shared/domain/kernel/errors.ts', decorated))).toEqual(
        [{ path: 'shared/domain/kernel/errors.ts', passage: passage.text }],
      );
    }
  });

  it('fires on a passage split into concatenated string literals with HTML tags', (context) => {
    if (!contract) context.skip(missing);
    const passage = longestPassage();
    const words = passage.text.split(' ');
    const half = Math.floor(words.length / 2);
    const literal = `const page = '<p>${words.slice(0, half).join(' ')} ' +\n  '<em>${words.slice(half).join(' ')}</em></p>';`;
    expect(
      findRepeats(passages, plantedIn('shared/surfaces/pages/docs-page.ts', literal)),
    ).toHaveLength(1);
  });

  it('counts a passage only above the word limit, in paragraphs, list items, rows and sentences', () => {
    const long = Array.from({ length: MIN_PASSAGE_WORDS + 1 }, (_, index) => `w${index}`).join(' ');
    const short = Array.from({ length: MIN_PASSAGE_WORDS }, (_, index) => `s${index}`).join(' ');
    const markdown = `${short}\n\n- ${long}\n- ${short}\n\n| ${long} |\n\n${short}. ${long}.`;
    const texts = passagesOf(markdown).map((passage) => passage.text);
    expect(texts).toEqual([`- ${long}`, `| ${long} |`, `${short}. ${long}.`, `${long}.`]);
  });
});
