/**
 * The layer rules of docs/architecture.md ("Layers"), over the imports the TypeScript parser reads
 * (imports.ts): which layer of shared/ may import which; which npm packages and Node.js modules
 * each layer may use; that only the wiring imports anything outside shared/; and that a relative
 * import never climbs out of its folder anywhere in the repository's code. Checked by
 * test/unit/architecture/layers.test.ts; the reasons are in docs/decisions.md ("A layer rule that
 * cannot be walked around (issue 24)").
 */
import { type Aliases, type ImportRef, importsOf, resolveImport } from './imports.ts';
import type { SourceFile } from './sources.ts';

type Layer = 'domain' | 'adapters' | 'surfaces' | 'wiring';

/** Which layers each layer may import (itself included). */
const ALLOWED_LAYERS: Readonly<Record<Layer, readonly Layer[]>> = {
  domain: ['domain'],
  adapters: ['domain', 'adapters'],
  surfaces: ['domain', 'surfaces'],
  wiring: ['domain', 'adapters', 'surfaces', 'wiring'],
};

/** Pure libraries any layer may use: validation and parsing, no I/O and no process state. */
const PURE_PACKAGES = ['zod', 'htmlparser2', 'ipaddr.js', 'tldts'];

/**
 * The npm packages each layer may import; the wiring may import any. The domain reaches the
 * platform (stores, HTTP, logging, clocks, ids) only through its ports, so it uses no AWS SDK,
 * undici, middy or Powertools; adapters talk to AWS and the network (and implement the logging
 * port on Powertools); surfaces adapt Lambda's events (middy), describe the API (zod-openapi) and
 * serve MCP, log through the port they are handed, and never call AWS themselves.
 */
const ALLOWED_PACKAGES: Readonly<Record<Exclude<Layer, 'wiring'>, readonly string[]>> = {
  domain: PURE_PACKAGES,
  adapters: [
    ...PURE_PACKAGES,
    '@aws-sdk/client-dynamodb',
    '@aws-sdk/lib-dynamodb',
    '@aws-sdk/client-lambda',
    '@aws-sdk/client-sfn',
    '@aws-sdk/client-sqs',
    // The scanner's signing keys on AWS (shared/adapters/signing-keys/secret-store.ts).
    '@aws-sdk/client-secrets-manager',
    'undici',
    // Stripe's official SDK, the payment provider port's adapter (shared/adapters/stripe/).
    'stripe',
    // The logging and metrics ports implemented on Powertools (docs/architecture.md, "Layers"),
    // and its X-Ray tracer around AWS SDK clients (shared/adapters/powertools/).
    '@aws-lambda-powertools/logger',
    '@aws-lambda-powertools/metrics',
    '@aws-lambda-powertools/tracer',
  ],
  // The tool server serves MCP on the official SDK (v2, both protocol eras: surfaces/mcp/dual-era.ts).
  surfaces: [...PURE_PACKAGES, 'zod-openapi', '@middy/core', '@modelcontextprotocol/server'],
};

/** Packages and modules a layer may import for their types alone (`import type`). */
const TYPE_ONLY_PACKAGES: Readonly<Record<Exclude<Layer, 'wiring'>, readonly string[]>> = {
  // The shape of a resolved address, which the webhook URL policy checks.
  domain: ['node:dns'],
  // The Lambda event shapes an adapter that invokes a function builds (the MCP route invoker).
  adapters: ['aws-lambda'],
  // The Lambda event and context shapes (@types/aws-lambda; there is no code to import).
  surfaces: ['aws-lambda'],
};

/**
 * The Node.js modules the domain may use: computation only (hashes, checksums, decompression,
 * IDNA). The other layers may use any built-in module.
 */
const DOMAIN_BUILTINS: readonly string[] = ['node:crypto', 'node:zlib', 'node:url'];

/** The rules of this file, as named in a violation. */
export type LayerRule = 'direction' | 'packages' | 'leaves shared' | 'relative';

interface LayerViolation {
  rule: LayerRule;
  file: string;
  line: number;
  form: ImportRef['form'];
  imports: string;
  /** What is wrong, in words. */
  reason: string;
}

/** The layer of a path (or of the known start of one) under shared/, if any. */
export function layerOf(file: string): Layer | undefined {
  const match = /^shared\/(domain|adapters|surfaces|wiring)\//.exec(file);
  return match ? (match[1] as Layer) : undefined;
}

function violation(rule: LayerRule, ref: ImportRef, reason: string): LayerViolation {
  return { rule, file: ref.file, line: ref.line, form: ref.form, imports: ref.specifier, reason };
}

function packageAllowed(from: Exclude<Layer, 'wiring'>, name: string, typeOnly: boolean) {
  if (typeOnly && TYPE_ONLY_PACKAGES[from].includes(name)) return true;
  if (name.startsWith('node:')) return from !== 'domain' || DOMAIN_BUILTINS.includes(name);
  return ALLOWED_PACKAGES[from].includes(name);
}

/** The violations of one import of a file in a layer other than the wiring. */
function checkImport(from: Exclude<Layer, 'wiring'>, ref: ImportRef, aliases: Aliases) {
  const target = resolveImport(ref.file, ref, aliases);
  if (target.kind === 'unknown') {
    return [violation('direction', ref, `${from} imports something that cannot be read`)];
  }
  if (target.kind === 'file') {
    const to = layerOf(target.path);
    if (!target.path.startsWith('shared/')) {
      return [violation('leaves shared', ref, `${from} imports ${target.path} outside shared/`)];
    }
    if (!to) return [violation('direction', ref, `${from} imports ${target.path}, in no layer`)];
    if (ALLOWED_LAYERS[from].includes(to)) return [];
    return [violation('direction', ref, `${from} imports ${to}`)];
  }
  if (packageAllowed(from, target.name, ref.typeOnly)) return [];
  const what = ref.typeOnly ? `types of ${target.name}` : target.name;
  return [violation('packages', ref, `${from} imports ${what}`)];
}

/** Imports against the layers' direction, their package lists, or out of shared/. */
export function findLayerViolations(
  files: readonly SourceFile[],
  aliases: Aliases,
): LayerViolation[] {
  const out: LayerViolation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    if (!from || from === 'wiring') continue;
    for (const ref of importsOf(file)) out.push(...checkImport(from, ref, aliases));
  }
  return out;
}

/**
 * Relative imports that climb (`../`): a file imports from its own folder (or a folder below it)
 * with `./`, and from anywhere else through a subpath alias of package.json.
 */
export function findClimbingImports(files: readonly SourceFile[]): LayerViolation[] {
  const out: LayerViolation[] = [];
  for (const file of files) {
    // A specifier climbs only with `..` in its text: a file without two dots in a row (a spread's
    // three do not count) needs no parse.
    if (!/(?<!\.)\.\.(?!\.)/.test(file.text)) continue;
    for (const ref of importsOf(file)) {
      if (ref.specifier === '..' || /(^|\/)\.\.(\/|$)/.test(ref.specifier)) {
        out.push(violation('relative', ref, 'climbs out of its folder'));
      }
    }
  }
  return out;
}

/** One violation as a line of a failure message. */
export function describeViolation(v: LayerViolation): string {
  return `${v.file}:${v.line} ${v.form} '${v.imports}': ${v.reason} (${v.rule})`;
}
