/**
 * Bundles the scan engine for the published client package (`npm run client:build`): the
 * wiring module `shared/wiring/local-scan.ts` with the engine, the guarded fetcher and their
 * libraries in one file, `client/dist/local-engine.js`, which `agent-readiness scan --local`
 * loads from an installed package. In a checkout the CLI loads the same module from source, so
 * there is one engine, never a copy (docs/decisions.md, issue 38).
 */
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '#infra/constructs/api-function';

export const LOCAL_ENGINE_ENTRY = new URL('../shared/wiring/local-scan.ts', import.meta.url)
  .pathname;
export const LOCAL_ENGINE_BUNDLE = new URL('../client/dist/local-engine.js', import.meta.url)
  .pathname;

/** Writes client/dist/local-engine.js. */
export async function buildLocalEngine(): Promise<void> {
  await build({
    entryPoints: [LOCAL_ENGINE_ENTRY],
    outfile: LOCAL_ENGINE_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The package's engines field: Node 20 or later.
    target: 'node20',
    banner: { js: ESM_REQUIRE_BANNER },
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildLocalEngine();
  console.log(`wrote ${LOCAL_ENGINE_BUNDLE}`);
}
