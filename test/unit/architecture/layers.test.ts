/** The layer rule of docs/architecture.md holds over shared/, and fires on a planted violation. */
import { describe, expect, it } from 'vitest';
import { findLayerViolations, layerOf, readSharedSources } from '#test/support/architecture/layers';

describe('layer rule', () => {
  it('finds no import against the direction of the layers in shared/', () => {
    const sources = readSharedSources(process.cwd());
    expect(sources.length).toBeGreaterThan(100);
    const violations = findLayerViolations(sources).map(
      (v) => `${v.file} (${v.from}) imports ${v.imports} (${v.to})`,
    );
    expect(violations).toEqual([]);
  });

  it('fires when domain code imports an adapter, by alias or by relative path', () => {
    const planted = [
      {
        path: 'shared/domain/scans/service.ts',
        text: "import { x } from '#shared/adapters/dynamodb/scans-repository';\n",
      },
      {
        path: 'shared/domain/batch/operations.ts',
        text: "import { y } from '../../wiring/batch.ts';\n",
      },
    ];
    expect(findLayerViolations(planted)).toEqual([
      {
        file: 'shared/domain/scans/service.ts',
        imports: '#shared/adapters/dynamodb/scans-repository',
        from: 'domain',
        to: 'adapters',
      },
      {
        file: 'shared/domain/batch/operations.ts',
        imports: '../../wiring/batch.ts',
        from: 'domain',
        to: 'wiring',
      },
    ]);
  });

  it('fires when a surface imports an adapter directly, and allows it from wiring', () => {
    const planted = [
      { path: 'shared/surfaces/api/x.ts', text: "import '#shared/adapters/http/safe-fetch';" },
      { path: 'shared/wiring/x.ts', text: "import '#shared/adapters/http/safe-fetch';" },
    ];
    expect(findLayerViolations(planted).map((v) => v.file)).toEqual(['shared/surfaces/api/x.ts']);
  });

  it('knows the layer of a path only inside shared/', () => {
    expect(layerOf('shared/domain/kernel/errors.ts')).toBe('domain');
    expect(layerOf('functions/http/scans/create.ts')).toBeUndefined();
  });
});
