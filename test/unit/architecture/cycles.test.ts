/**
 * No import cycle between the folders of shared/surfaces/ nor between the files of shared/domain/,
 * and each check fires on a cycle planted at the end of a real file (changed in memory only).
 */
import { describe, expect, it } from 'vitest';
import { describeCycle, findFileCycles, findFolderCycles } from '#test/support/architecture/cycles';
import { readAliases } from '#test/support/architecture/imports';
import { plantedIn, readSharedSources } from '#test/support/architecture/sources';

const root = process.cwd();
const aliases = readAliases(root);
const shared = readSharedSources(root);

/** The shared/ sources with `addition` planted at the end of `file`. */
function withPlanted(file: string, addition: string) {
  const planted = plantedIn(root, file, addition);
  expect(shared.some((source) => source.path === file)).toBe(true);
  return shared.map((source) => (source.path === file ? planted : source));
}

describe('folder cycles among the surfaces', () => {
  it('finds none in shared/surfaces/', () => {
    expect(findFolderCycles(shared, aliases).map(describeCycle)).toEqual([]);
  });

  it('fires on two folders that import each other', () => {
    // The api folder's manifest imports the dashboard's routes; the dashboard importing back
    // from the api folder, for a type alone, closes a cycle.
    const sources = withPlanted(
      'shared/surfaces/dashboard/routes.ts',
      "import type { RouteDefinition } from '#shared/surfaces/api/manifest';",
    );
    const cycles = findFolderCycles(sources, aliases);
    expect(cycles.map((cycle) => cycle.members)).toEqual([['api', 'dashboard']]);
    expect(cycles[0]?.edges).toContainEqual({
      from: 'dashboard',
      to: 'api',
      file: 'shared/surfaces/dashboard/routes.ts',
      imports: '#shared/surfaces/api/manifest',
    });
  });

  it('fires on a cycle through a third folder, and not on a chain', () => {
    const file = (from: string, to: string) => ({
      path: `shared/surfaces/${from}/a.ts`,
      text: `import { x } from '#shared/surfaces/${to}/b';`,
    });
    const chain = [file('pages', 'api'), file('api', 'dashboard'), file('dashboard', 'http')];
    expect(findFolderCycles(chain, aliases)).toEqual([]);
    const cycle = [...chain, file('http', 'pages')];
    expect(findFolderCycles(cycle, aliases).map((c) => c.members)).toEqual([
      ['api', 'dashboard', 'http', 'pages'],
    ]);
  });
});

describe('file cycles in the domain', () => {
  it('finds none in shared/domain/', () => {
    expect(findFileCycles(shared, aliases).map(describeCycle)).toEqual([]);
  });

  it('fires on a cycle closed by a type-only import', () => {
    // profile.ts imports the engine's index for its types; the index importing back closes it.
    const sources = withPlanted(
      'shared/domain/monitor/engine/index.ts',
      "import type { foldForSearch } from '#shared/domain/monitor/profile';",
    );
    expect(findFileCycles(sources, aliases).map(describeCycle)).toEqual([
      'shared/domain/monitor/engine/index.ts <-> shared/domain/monitor/profile.ts: ' +
        'shared/domain/monitor/engine/index.ts imports #shared/domain/monitor/profile; ' +
        'shared/domain/monitor/profile.ts imports ./engine/index.ts',
    ]);
  });

  it('fires on a file that imports itself, and leaves other layers to their own rules', () => {
    const self = withPlanted(
      'shared/domain/kernel/errors.ts',
      "export * from '#shared/domain/kernel/errors';",
    );
    expect(findFileCycles(self, aliases).map((cycle) => cycle.members)).toEqual([
      ['shared/domain/kernel/errors.ts'],
    ]);
    const adapters = [
      { path: 'shared/adapters/x/a.ts', text: "import './b.ts';" },
      { path: 'shared/adapters/x/b.ts', text: "import './a.ts';" },
    ];
    expect(findFileCycles(adapters, aliases)).toEqual([]);
  });
});
