/** File headers (docs/architecture.md): every source file starts with a comment, before its imports. */
import { describe, expect, it } from 'vitest';
import {
  findMissingHeaders,
  HEADER_ROOTS,
  hasHeader,
  moveHeaderAboveImports,
  PENDING_HEADERS,
} from '#test/support/architecture/headers';
import { readSources } from '#test/support/architecture/sizes';

describe('header rule', () => {
  it('finds a header before the imports in every source file', () => {
    const sources = readSources(process.cwd(), HEADER_ROOTS);
    expect(sources.length).toBeGreaterThan(300);
    const missing = findMissingHeaders(sources);
    expect(missing.filter((file) => PENDING_HEADERS[file] === undefined)).toEqual([]);
    // A file that got its header leaves the pending list.
    expect(Object.keys(PENDING_HEADERS).filter((file) => !missing.includes(file))).toEqual([]);
  });

  it('fires on a planted file whose comment comes after its imports', () => {
    const planted = [
      {
        path: 'shared/domain/x/late.ts',
        text: "import { a } from './a.ts';\n\n/** X. */\nexport const x = a;\n",
      },
      {
        path: 'shared/domain/x/none.ts',
        text: "import { a } from './a.ts';\nexport const x = a;\n",
      },
      {
        path: 'shared/domain/x/early.ts',
        text: "/** X. */\nimport { a } from './a.ts';\nexport const x = a;\n",
      },
      { path: 'local/cli.ts', text: "#!/usr/bin/env node\n// The CLI.\nimport './a.ts';\n" },
    ];
    expect(findMissingHeaders(planted)).toEqual([
      'shared/domain/x/late.ts',
      'shared/domain/x/none.ts',
    ]);
  });

  it('moves the block comment after the imports to the top, and nothing else', () => {
    const late =
      "import { a } from './a.ts';\n\n/**\n * What x is for.\n */\nexport const x = a;\n";
    const moved = moveHeaderAboveImports('late.ts', late);
    expect(moved).toBe(
      "/**\n * What x is for.\n */\nimport { a } from './a.ts';\n\nexport const x = a;\n",
    );
    expect(hasHeader(moved ?? '')).toBe(true);
    expect(
      moveHeaderAboveImports('none.ts', "import { a } from './a.ts';\nexport const x = a;\n"),
    ).toBeUndefined();
    expect(
      moveHeaderAboveImports('line.ts', "import { a } from './a.ts';\n// x\nexport const x = a;\n"),
    ).toBeUndefined();
  });
});
