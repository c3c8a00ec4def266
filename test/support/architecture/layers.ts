/**
 * The layer rule of docs/architecture.md, read from the import graph: domain code imports only
 * domain code; adapters implement domain ports; surfaces (API, MCP, pages, dashboard, workflow and
 * queue entry points) call domain operations and never reach an adapter directly; wiring is the
 * one place that names adapters. Entry points in functions/ and the local stack may import any
 * layer. Checked by test/unit/architecture/layers.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Layer = 'domain' | 'adapters' | 'surfaces' | 'wiring';

/** Which layers each layer may import (itself included). */
export const ALLOWED_IMPORTS: Record<Layer, readonly Layer[]> = {
  domain: ['domain'],
  adapters: ['domain', 'adapters'],
  surfaces: ['domain', 'surfaces', 'wiring'],
  wiring: ['domain', 'adapters', 'surfaces', 'wiring'],
};

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface LayerViolation {
  file: string;
  imports: string;
  from: Layer;
  to: Layer;
}

export const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The layer of a path under shared/, or undefined for any other file. */
export function layerOf(file: string): Layer | undefined {
  const match = /^shared\/(domain|adapters|surfaces|wiring)\//.exec(file);
  return match ? (match[1] as Layer) : undefined;
}

/** Resolves an import specifier of `from` to a repository path (without checking it exists). */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#shared/')) return `shared/${specifier.slice('#shared/'.length)}`;
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(from), specifier);
  return undefined;
}

export function findLayerViolations(files: readonly SourceFile[]): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    if (!from) continue;
    for (const match of file.text.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? '';
      const target = resolveSpecifier(file.path, specifier);
      const to = target ? layerOf(target) : undefined;
      if (to && !ALLOWED_IMPORTS[from].includes(to)) {
        violations.push({ file: file.path, imports: specifier, from, to });
      }
    }
  }
  return violations;
}

/** Every TypeScript file under shared/, read from disk. */
export function readSharedSources(root: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) {
        out.push({ path: relative, text: readFileSync(path.join(root, relative), 'utf8') });
      }
    }
  };
  walk('shared');
  return out;
}
