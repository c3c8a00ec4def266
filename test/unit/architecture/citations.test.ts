/** The citation rule: comments cite docs/ inside the repository, and the documents they cite exist. */
import { describe, expect, it } from 'vitest';
import {
  CITATION_ROOTS,
  findMissingDocs,
  findOutsideCitations,
} from '#test/support/architecture/citations';
import { readSources } from '#test/support/architecture/sources';

describe('citation rule', () => {
  const sources = readSources(process.cwd(), CITATION_ROOTS);

  it('finds no source file citing a document outside the repository', () => {
    expect(sources.length).toBeGreaterThan(500);
    expect(findOutsideCitations(sources)).toEqual([]);
  });

  it('finds every cited docs/ document in the repository', () => {
    expect(findMissingDocs(process.cwd(), sources)).toEqual([]);
  });

  it('fires on planted citations of the reference kit and of a missing doc', () => {
    const planted = [
      { path: 'shared/domain/x/a.ts', text: '/** The Scan of SPEC.md "Scan". */\nexport {};\n' },
      { path: 'shared/domain/x/b.ts', text: '// see research/monitor.md 2.3\n' },
      { path: 'shared/domain/x/c.ts', text: '/** docs/api.md "Scans", docs/monitor.md. */\n' },
      { path: 'shared/domain/x/d.ts', text: '/** docs/no-such-page.md */\n' },
    ];
    expect(findOutsideCitations(planted)).toEqual([
      { path: 'shared/domain/x/a.ts', line: 1, cited: 'SPEC.md' },
      { path: 'shared/domain/x/b.ts', line: 1, cited: 'research/monitor.md' },
    ]);
    expect(findMissingDocs(process.cwd(), planted)).toEqual([
      { path: 'shared/domain/x/d.ts', line: 1, cited: 'no-such-page.md' },
    ]);
  });
});
