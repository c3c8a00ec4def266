/**
 * The README's "Layout" section against the tree (issue 36, point 8): a new user reads it to find
 * their way, so every folder or file it names exists, and every top-level folder of the
 * repository and every folder of shared/'s four layers is named there. A folder added without a
 * line in the README fails here rather than in a reader's first hour.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

/** The fenced block under "## Layout". */
function layoutBlock(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Layout$/m)[1] ?? '';
  return section.split('```')[1] ?? '';
}

/** Entries named at the start of a line: top level at column 0, shared/'s layers indented. */
function namedEntries(block: string): { top: string[]; layers: string[] } {
  const top: string[] = [];
  const layers: string[] = [];
  for (const line of block.split('\n')) {
    const topMatch = /^([\w.-]+\/?)\s/.exec(line);
    if (topMatch?.[1]) top.push(topMatch[1].replace(/\/$/, ''));
    const layerMatch = /^ {2}(\w+)\/\s/.exec(line);
    if (layerMatch?.[1]) layers.push(layerMatch[1]);
  }
  return { top, layers };
}

/** Top-level folders a reader works in (dot folders, dependencies and build output are not). */
function trackedTopFolders(): string[] {
  const ignored = new Set(['node_modules', 'cdk.out', 'coverage']);
  return readdirSync(root).filter(
    (name) =>
      !name.startsWith('.') && !ignored.has(name) && statSync(join(root, name)).isDirectory(),
  );
}

/** The folders of one layer, e.g. shared/domain/*. */
function foldersOf(dir: string): string[] {
  return readdirSync(join(root, dir)).filter((name) =>
    statSync(join(root, dir, name)).isDirectory(),
  );
}

describe("the README's layout section", () => {
  const block = layoutBlock();
  const { top, layers } = namedEntries(block);

  it('names only what exists', () => {
    expect(top.length).toBeGreaterThan(5);
    for (const entry of top)
      expect(statSync(join(root, entry), { throwIfNoEntry: false }), entry).toBeDefined();
    for (const layer of layers)
      expect(statSync(join(root, 'shared', layer), { throwIfNoEntry: false }), layer).toBeDefined();
  });

  it('names every top-level folder and the four layers of shared/', () => {
    expect(top).toEqual(expect.arrayContaining(trackedTopFolders()));
    expect(layers.sort()).toEqual(foldersOf('shared').sort());
  });

  it("names every area of shared/domain and shared/adapters in its layer's line", () => {
    for (const layer of ['domain', 'adapters']) {
      const described = block.split(`  ${layer}/`)[1]?.split(/\n {2}\w+\/|\n\w/)[0] ?? '';
      for (const area of foldersOf(`shared/${layer}`))
        expect(described, `${layer}/${area}`).toContain(area);
    }
  });
});
