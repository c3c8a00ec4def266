/** No import cycle between the folders of shared/surfaces/, and the check fires on a planted one. */
import { describe, expect, it } from 'vitest';
import { findFolderCycles } from '#test/support/architecture/folder-cycles';
import { readSharedSources } from '#test/support/architecture/layers';

describe('folder cycles among the surfaces', () => {
  it('finds none in shared/surfaces/', () => {
    const sources = readSharedSources(process.cwd());
    const cycles = findFolderCycles(sources).map(
      (cycle) =>
        `${cycle.folders.join(' <-> ')}: ${cycle.edges.map((e) => `${e.file} imports ${e.imports}`).join('; ')}`,
    );
    expect(cycles).toEqual([]);
  });

  it('fires on two folders that import each other, by alias or by relative path', () => {
    const planted = [
      {
        path: 'shared/surfaces/api/manifest.ts',
        text: "import { R } from '../dashboard/routes.ts';",
      },
      {
        path: 'shared/surfaces/dashboard/handler.ts',
        text: "import { createRawHandler } from '#shared/surfaces/api/http-handler';",
      },
      {
        path: 'shared/surfaces/http/route.ts',
        text: "import type { W } from '../workflows/x.ts';",
      },
    ];
    expect(findFolderCycles(planted)).toEqual([
      {
        folders: ['api', 'dashboard'],
        edges: [
          {
            from: 'api',
            to: 'dashboard',
            file: 'shared/surfaces/api/manifest.ts',
            imports: '../dashboard/routes.ts',
          },
          {
            from: 'dashboard',
            to: 'api',
            file: 'shared/surfaces/dashboard/handler.ts',
            imports: '#shared/surfaces/api/http-handler',
          },
        ],
      },
    ]);
  });

  it('fires on a cycle through a third folder, and not on a chain', () => {
    const file = (from: string, to: string) => ({
      path: `shared/surfaces/${from}/a.ts`,
      text: `import { x } from '#shared/surfaces/${to}/b';`,
    });
    const chain = [file('pages', 'api'), file('api', 'dashboard'), file('dashboard', 'http')];
    expect(findFolderCycles(chain)).toEqual([]);
    const cycle = [...chain, file('http', 'pages')];
    expect(findFolderCycles(cycle).map((c) => c.folders)).toEqual([
      ['api', 'dashboard', 'http', 'pages'],
    ]);
  });
});
