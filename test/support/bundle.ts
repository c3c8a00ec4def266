/**
 * Builds a Lambda bundle the way CDK builds it (esbuild, ESM, minified, AWS SDK external), for
 * the bundle-size test (test/infra/bundles.test.ts) and the MCP design benchmark (bench/mcp.ts).
 */
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type StdinOptions } from 'esbuild';
import { ESM_REQUIRE_BANNER, REPO_ROOT } from '#infra/constructs/api-function';

export interface BuiltBundle {
  /** The minified code. */
  code: Uint8Array;
  bytes: number;
  /** Deflated size: about what the deployment zip weighs. */
  zipped: number;
  /** Every input module, relative to the repository root. */
  inputs: string[];
}

/** Bundles one entry module (a path from the repository root) or an inline module. */
export async function bundleLikeCdk(entry: string | StdinOptions): Promise<BuiltBundle> {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [path.join(REPO_ROOT, entry)] }
      : { stdin: { resolveDir: REPO_ROOT, loader: 'ts', ...entry } }),
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    metafile: true,
    banner: { js: ESM_REQUIRE_BANNER },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no bundle');
  return {
    code: output.contents,
    bytes: output.contents.length,
    zipped: deflateRawSync(output.contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
  };
}
