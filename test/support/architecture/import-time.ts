/**
 * The "no work at import" rule (docs/architecture.md "Configuration and wiring"): lists the
 * modules of shared/ and imports them in a fresh Node process through import-probe.ts, which
 * reports every variable read, resource started, emitter built, listener added or global changed
 * by an import. A fresh process, because a module already imported in this one (vitest's) would
 * not run again.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ImportWork, ProbeRequest } from './import-probe.ts';

const run = promisify(execFile);

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const PROBE = path.join(import.meta.dirname, 'import-probe.ts');

/** Every TypeScript module under shared/, as absolute paths, in a stable order. */
export function sharedModules(root = REPOSITORY_ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  walk(path.join(root, 'shared'));
  return found.sort();
}

export interface ProbeReport {
  imported: number;
  found: ImportWork[];
}

/**
 * Imports `modules` in a new process (tsx, as `npm start` runs the code) and returns what their
 * imports did. Work counts when a frame of `roots` (default: shared/) is on its stack.
 */
export async function probeImports(
  modules: readonly string[],
  roots: readonly string[] = [path.join(REPOSITORY_ROOT, 'shared') + path.sep],
): Promise<ProbeReport> {
  const request: ProbeRequest = { modules: [...modules], roots: [...roots] };
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', PROBE, JSON.stringify(request)],
    { cwd: REPOSITORY_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as ProbeReport;
}
