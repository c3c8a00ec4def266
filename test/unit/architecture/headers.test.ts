/**
 * File headers and doc comments (docs/architecture.md "Small pieces"): every source file starts
 * with a comment before its imports, and no doc comment is left detached from what it documents.
 * Each rule holds over the real tree and fires on a violation planted in a real file's text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DOC_COMMENT_ROOTS,
  describeDetached,
  findDetachedComments,
  findMissingHeaders,
  HEADER_ROOTS,
} from '#test/support/architecture/headers';
import { plantedIn, readSources } from '#test/support/architecture/sources';

const root = process.cwd();

describe('header rule', () => {
  it('finds a header before the imports in every source file', () => {
    const sources = readSources(root, HEADER_ROOTS);
    expect(sources.length).toBeGreaterThan(300);
    expect(findMissingHeaders(sources)).toEqual([]);
  });

  it('fires on a real file whose header is moved below its imports', () => {
    const file = 'shared/domain/scans/sweep.ts';
    const text = readFileSync(file, 'utf8');
    const header = /^\/\*\*[\s\S]*?\*\/\n/.exec(text)?.[0] ?? '';
    expect(header).not.toBe('');
    const late = text.slice(header.length).replace(/\n\n/, `\n\n${header}`);
    expect(findMissingHeaders([{ path: file, text }])).toEqual([]);
    expect(findMissingHeaders([{ path: file, text: late }])).toEqual([file]);
  });

  it('takes a line comment after a `#!` line as a header', () => {
    const cli = {
      path: 'local/cli.ts',
      text: "#!/usr/bin/env node\n// The CLI.\nimport './a.ts';\n",
    };
    expect(findMissingHeaders([cli])).toEqual([]);
  });
});

describe('detached doc comments', () => {
  it('finds none in the code', () => {
    const sources = readSources(root, DOC_COMMENT_ROOTS);
    expect(sources.length).toBeGreaterThan(450);
    expect(sources.flatMap(findDetachedComments).map(describeDetached)).toEqual([]);
  });

  it('fire on a doc comment left behind at the end of a real file, or before a blank line', () => {
    const file = 'shared/domain/scans/sweep.ts';
    const atEnd = plantedIn(root, file, '/** What the sweep found. */');
    expect(findDetachedComments(atEnd).map((c) => c.followedBy)).toEqual(['the end']);
    const beforeBlank = plantedIn(
      root,
      file,
      '/** What the sweep found. */\n\nexport const x = 1;',
    );
    expect(findDetachedComments(beforeBlank).map((c) => c.followedBy)).toEqual(['a blank line']);
  });

  it('fire on a doc comment followed by another, inside a type or before a closing brace', () => {
    const file = 'shared/domain/scans/sweep.ts';
    const doubled = plantedIn(
      root,
      file,
      '/** The old one. */\n/** The new one. */\nexport function y() {}',
    );
    expect(findDetachedComments(doubled).map((c) => c.followedBy)).toEqual(['a comment']);
    const member = plantedIn(root, file, 'interface X {\n  a: 1;\n  /** Gone. */\n}');
    expect(findDetachedComments(member).map((c) => c.followedBy)).toEqual(['a closing bracket']);
  });

  it('let a doc comment sit above a directive and its code, and leave other comments alone', () => {
    const file = 'shared/domain/scans/sweep.ts';
    const directive = plantedIn(
      root,
      file,
      '/** Why. */\n// biome-ignore lint/suspicious/noExplicitAny: a reason\nexport let z: any;',
    );
    const plain = plantedIn(root, file, '// a note\n\n/* a block */\n\nexport const w = 1;');
    expect(findDetachedComments(directive)).toEqual([]);
    expect(findDetachedComments(plain)).toEqual([]);
  });
});
