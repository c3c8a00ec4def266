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

/** esbuild's options for a Lambda bundle as CDK makes it. */
const CDK_LIKE = {
  bundle: true,
  write: false as const,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node24',
  minify: true,
  mainFields: ['module', 'main'],
  external: ['@aws-sdk/*'],
  metafile: true as const,
  banner: { js: ESM_REQUIRE_BANNER },
  logLevel: 'silent' as const,
};

function builtOf(code: Uint8Array, inputs: string[]): BuiltBundle {
  return {
    code,
    bytes: code.length,
    zipped: deflateRawSync(code, { level: 9 }).length,
    inputs,
  };
}

/** Bundles one entry module (a path from the repository root) or an inline module. */
export async function bundleLikeCdk(entry: string | StdinOptions): Promise<BuiltBundle> {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [path.join(REPO_ROOT, entry)] }
      : { stdin: { resolveDir: REPO_ROOT, loader: 'ts', ...entry } }),
    ...CDK_LIKE,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no bundle');
  return builtOf(output.contents, Object.keys(result.metafile.inputs));
}

/**
 * The modules an entry imports, directly or not: what a build of that entry alone lists as its
 * inputs (tree-shaken modules included, as `bundleLikeCdk` answers them).
 */
function reachable(
  graph: Record<string, { imports: { path: string; external?: boolean }[] }>,
  entry: string,
): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let module = queue.pop(); module !== undefined; module = queue.pop()) {
    for (const imported of graph[module]?.imports ?? []) {
      if (imported.external || seen.has(imported.path) || !graph[imported.path]) continue;
      seen.add(imported.path);
      queue.push(imported.path);
    }
  }
  return [...seen];
}

/**
 * Bundles many entry modules (paths from the repository root) in one esbuild run: each is still
 * its own bundle, as CDK builds them one at a time, but the modules they share are read and
 * parsed once (the bundle-size test builds a hundred functions). Answers each entry's bundle, its
 * inputs the modules it imports.
 */
export async function bundleManyLikeCdk(
  entries: readonly string[],
): Promise<Map<string, BuiltBundle>> {
  const unique = [...new Set(entries)];
  const result = await build({
    ...CDK_LIKE,
    entryPoints: unique,
    absWorkingDir: REPO_ROOT,
    outdir: 'bundles',
    outbase: '.',
  });
  const contents = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const graph = result.metafile.inputs;
  const bundles = new Map<string, BuiltBundle>();
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    const code = contents.get(path.join(REPO_ROOT, output));
    if (!meta.entryPoint || !code) continue;
    bundles.set(meta.entryPoint, builtOf(code, reachable(graph, meta.entryPoint)));
  }
  const missing = unique.filter((entry) => !bundles.has(entry));
  if (missing.length > 0) throw new Error(`esbuild produced no bundle for ${missing.join(', ')}`);
  return bundles;
}
