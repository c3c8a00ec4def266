/**
 * The layer rules of docs/architecture.md hold over the repository, and each fires on a violation
 * planted at the end of a real file (read from disk, changed in memory only), whatever form the
 * import takes.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, readAliases } from '#test/support/architecture/imports';
import {
  describeViolation,
  findClimbingImports,
  findLayerViolations,
  type LayerRule,
  layerOf,
} from '#test/support/architecture/layers';
import { plantedIn, readSources, type SourceFile } from '#test/support/architecture/sources';

const root = process.cwd();
const aliases = readAliases(root);
/** Every folder of code in the repository, tests included. */
const CODE_ROOTS = [
  'shared',
  'functions',
  'infra',
  'local',
  'bench',
  'scripts',
  'client/src',
  'test',
  'docs',
  'types',
];
const everything = readSources(root, CODE_ROOTS);
const shared = everything.filter((file) => file.path.startsWith('shared/'));

/** The violations of `rule` that planting `addition` at the end of `file` adds, described. */
function planted(rule: LayerRule, file: string, addition: string): string[] {
  const find = (files: SourceFile[]) =>
    (rule === 'relative' ? findClimbingImports(files) : findLayerViolations(files, aliases))
      .filter((violation) => violation.rule === rule)
      .map((violation) => `${violation.form} '${violation.imports}': ${violation.reason}`);
  const before = find(everything.filter((source) => source.path === file));
  expect(before, `${file} already breaks the rule`).toEqual([]);
  return find([plantedIn(root, file, addition)]);
}

describe('the layer rules over the real tree', () => {
  it('read every file of shared/ and the rest of the code', () => {
    expect(shared.length).toBeGreaterThan(300);
    expect(everything.length).toBeGreaterThan(600);
  });

  // Resolves every import of every file of shared/: 9-14 s on a loaded two-core machine, so it
  // gets more than the unit tests' 10 s.
  it('find no import against the direction of the layers, their package lists or out of shared/', {
    timeout: 30_000,
  }, () => {
    expect(findLayerViolations(shared, aliases).map(describeViolation)).toEqual([]);
  });

  it('find no relative import that climbs out of its folder', () => {
    expect(findClimbingImports(everything).map(describeViolation)).toEqual([]);
  });
});

describe('layer direction', () => {
  it('fires when the domain imports an adapter, in every form an import takes', () => {
    const file = 'shared/domain/scans/service.ts';
    const forms = [
      "import { getScan } from '#shared/adapters/dynamodb/scans-repository';",
      "import type { Db } from '#shared/adapters/dynamodb/client';",
      "export { getScan } from '#shared/adapters/dynamodb/scans-repository';",
      "export type * from '#shared/adapters/dynamodb/client';",
      "const late = await import('#shared/adapters/dynamodb/keys');",
      `const named = await import(\`#shared/adapters/\${store}/keys\`);`,
      "const joined = await import('#shared/adapters/' + store);",
      "const old = require('#shared/adapters/dynamodb/keys');",
      "import keys = require('#shared/adapters/dynamodb/keys');",
      "type Db = import('#shared/adapters/dynamodb/client').Db;",
    ];
    for (const form of forms) {
      expect(planted('direction', file, form), form).toEqual([
        expect.stringMatching(/domain imports adapters$/),
      ]);
    }
  });

  it('fires when a surface imports an adapter or the wiring, and lets the wiring import both', () => {
    const surface = 'shared/surfaces/api/cors.ts';
    expect(planted('direction', surface, "import '#shared/adapters/http/safe-fetch';")).toEqual([
      "import '#shared/adapters/http/safe-fetch': surfaces imports adapters",
    ]);
    expect(
      planted('direction', surface, "import { loadConfig } from '#shared/wiring/config';"),
    ).toEqual(["import '#shared/wiring/config': surfaces imports wiring"]);
    expect(
      planted('direction', 'shared/wiring/batch.ts', "import '#shared/adapters/http/safe-fetch';"),
    ).toEqual([]);
  });

  it('fires when an adapter imports a surface, and on an import whose target cannot be read', () => {
    const adapter = 'shared/adapters/dynamodb/keys.ts';
    expect(planted('direction', adapter, "import '#shared/surfaces/api/cors';")).toEqual([
      "import '#shared/surfaces/api/cors': adapters imports surfaces",
    ]);
    expect(planted('direction', adapter, 'const loaded = await import(moduleName);')).toEqual([
      "import() '…': adapters imports something that cannot be read",
    ]);
    expect(
      planted('direction', adapter, `const any = await import(\`#shared/\${area}\`);`),
    ).toEqual(["import() '#shared/…': adapters imports shared/, in no layer"]);
  });
});

describe('package lists', () => {
  const domain = 'shared/domain/kernel/errors.ts';

  it('fire when the domain uses the AWS SDK, undici, middy, Powertools or I/O modules', () => {
    const imports = {
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';": '@aws-sdk/client-dynamodb',
      "import type { SQSClient } from '@aws-sdk/client-sqs';": 'types of @aws-sdk/client-sqs',
      "import { request } from 'undici';": 'undici',
      "import connect from 'undici/lib/core/connect.js';": 'undici',
      "import middy from '@middy/core';": '@middy/core',
      "import { Logger } from '@aws-lambda-powertools/logger';": '@aws-lambda-powertools/logger',
      "import { readFileSync } from 'node:fs';": 'node:fs',
      "import { lookup } from 'dns';": 'node:dns',
      "const sdk = require('@aws-sdk/lib-dynamodb');": '@aws-sdk/lib-dynamodb',
    };
    for (const [line, name] of Object.entries(imports)) {
      expect(planted('packages', domain, line), line).toEqual([
        expect.stringMatching(new RegExp(`domain imports ${name}$`)),
      ]);
    }
  });

  it('let the domain use its pure libraries, and types of node:dns only', () => {
    expect(planted('packages', domain, "import { parseDocument } from 'htmlparser2';")).toEqual([]);
    expect(planted('packages', domain, "import type { LookupAddress } from 'node:dns';")).toEqual(
      [],
    );
  });

  it('fire when a surface uses the AWS SDK, even for a type, or code of aws-lambda', () => {
    const surface = 'shared/surfaces/api/cors.ts';
    expect(
      planted(
        'packages',
        surface,
        "const { LambdaClient } = await import('@aws-sdk/client-lambda');",
      ),
    ).toEqual(["import() '@aws-sdk/client-lambda': surfaces imports @aws-sdk/client-lambda"]);
    expect(
      planted('packages', surface, "import type { SFNClient } from '@aws-sdk/client-sfn';"),
    ).toEqual(["import '@aws-sdk/client-sfn': surfaces imports types of @aws-sdk/client-sfn"]);
    expect(planted('packages', surface, "import { handler } from 'aws-lambda';")).toEqual([
      "import 'aws-lambda': surfaces imports aws-lambda",
    ]);
    expect(planted('packages', surface, "import middy from '@middy/core';")).toEqual([]);
  });

  it('fire when an adapter uses middy or the MCP SDK, and let it use the AWS SDK, undici and Powertools', () => {
    const adapter = 'shared/adapters/dynamodb/keys.ts';
    expect(planted('packages', adapter, "import middy from '@middy/core';")).toEqual([
      "import '@middy/core': adapters imports @middy/core",
    ]);
    expect(
      planted(
        'packages',
        adapter,
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      ),
    ).toEqual([
      "import '@modelcontextprotocol/sdk/server/mcp.js': adapters imports @modelcontextprotocol/sdk",
    ]);
    expect(
      planted('packages', adapter, "import { SQSClient } from '@aws-sdk/client-sqs';"),
    ).toEqual([]);
    expect(planted('packages', adapter, "import { Agent } from 'undici';")).toEqual([]);
    expect(
      planted('packages', adapter, "import { Logger } from '@aws-lambda-powertools/logger';"),
    ).toEqual([]);
  });
});

describe('imports that leave shared/', () => {
  it('fire from any layer but the wiring, by alias or by a climbing path', () => {
    const domain = 'shared/domain/scans/service.ts';
    expect(
      planted('leaves shared', domain, "import { startLocalStack } from '#local/stack';"),
    ).toEqual(["import '#local/stack': domain imports local/stack.ts outside shared/"]);
    expect(
      planted(
        'leaves shared',
        'shared/surfaces/api/cors.ts',
        "import '#functions/http/scans/create-scan';",
      ),
    ).toEqual([
      "import '#functions/http/scans/create-scan': surfaces imports functions/http/scans/create-scan.ts outside shared/",
    ]);
    expect(
      planted(
        'leaves shared',
        'shared/adapters/dynamodb/keys.ts',
        "const stack = await import('../../../test/support/stack.ts');",
      ),
    ).toEqual([
      "import() '../../../test/support/stack.ts': adapters imports test/support/stack.ts outside shared/",
    ]);
    expect(planted('leaves shared', 'shared/wiring/batch.ts', "import '#local/stack';")).toEqual(
      [],
    );
  });
});

describe('relative imports', () => {
  it('fire on a path that climbs, in any folder of code and any form', () => {
    expect(
      planted(
        'relative',
        'local/stack.ts',
        "import { handler } from '../functions/http/meta/health.ts';",
      ),
    ).toEqual(["import '../functions/http/meta/health.ts': climbs out of its folder"]);
    expect(
      planted(
        'relative',
        'shared/domain/scans/service.ts',
        "export type { Plan } from './../kernel/plans.ts';",
      ),
    ).toEqual(["export from './../kernel/plans.ts': climbs out of its folder"]);
    expect(
      planted(
        'relative',
        'test/support/stack.ts',
        `const x = await import(\`../fixtures/\${name}.ts\`);`,
      ),
    ).toEqual(["import() '../fixtures/…': climbs out of its folder"]);
  });

  it('let a file reach its own folder and the folders below it', () => {
    expect(
      planted('relative', 'shared/surfaces/api/manifest.ts', "import { CORS } from './cors.ts';"),
    ).toEqual([]);
    expect(
      planted(
        'relative',
        'shared/surfaces/api/manifest.ts',
        "import { R } from './routes/scans.ts';",
      ),
    ).toEqual([]);
  });
});

describe('the import reader', () => {
  it('reads every form with its line, and knows a type-only import', () => {
    const file = {
      path: 'shared/domain/x/a.ts',
      text: [
        "import a from 'a';",
        "import type { B } from 'b';",
        "export * from 'c';",
        "import('d');",
        "require.resolve('e');",
        "createRequire(import.meta.url)('f');",
        "type G = typeof import('g');",
      ].join('\n'),
    };
    expect(importsOf(file).map((ref) => [ref.line, ref.form, ref.specifier, ref.typeOnly])).toEqual(
      [
        [1, 'import', 'a', false],
        [2, 'import', 'b', true],
        [3, 'export from', 'c', false],
        [4, 'import()', 'd', false],
        [5, 'require', 'e', false],
        [6, 'require', 'f', false],
        [7, 'import type()', 'g', true],
      ],
    );
  });

  it('knows the layer of a path only inside shared/', () => {
    expect(layerOf('shared/domain/kernel/errors.ts')).toBe('domain');
    expect(layerOf('functions/http/scans/create.ts')).toBeUndefined();
  });
});
