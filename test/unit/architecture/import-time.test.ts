/**
 * No module does work when it is imported (docs/architecture.md "Configuration and wiring"): the
 * logger, the clients, the outbox and the HTTP agents are built by the wiring on first use, and
 * the request pipeline keeps its state per request. Every module of shared/ is imported in a
 * fresh process, which must record no variable read, no resource started, no emitter built, no
 * process listener and no global or prototype changed; planted modules show that each kind of
 * work is caught.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  probeImports,
  REPOSITORY_ROOT,
  sharedModules,
} from '#test/support/architecture/import-time';

const SHARED = path.join(REPOSITORY_ROOT, 'shared') + path.sep;
const sharedUrl = (file: string) => pathToFileURL(path.join(SHARED, file)).href;

/** Modules that each do one kind of work at import, as a careless module of shared/ would. */
const PLANTS: Record<string, string> = {
  'reads-environment.ts': "export const level = process.env.LOG_LEVEL ?? 'INFO';",
  'builds-logger.ts': `import { createPowertoolsLogger } from '${sharedUrl('adapters/powertools/logger.ts')}';
export const logger = createPowertoolsLogger({ level: 'INFO' });`,
  'starts-timer.ts': 'setInterval(() => undefined, 60_000).unref();',
  'builds-agent.ts': `import { Agent } from '${sharedUrl('adapters/http/http-client.ts')}';
export const agent = new Agent({ keepAliveTimeout: 30_000 });`,
  'patches-fetch.ts': "globalThis.fetch = async () => new Response('planted');",
  'sets-global-dispatcher.ts': `import { Agent } from '${sharedUrl('adapters/http/http-client.ts')}';
(globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')] = new Agent();`,
  'patches-prototype.ts':
    "Object.defineProperty(Array.prototype, 'plantedLast', { value() { return this.at(-1); }, configurable: true });",
  'adds-listener.ts': "process.on('beforeExit', () => undefined);",
  'does-nothing.ts': 'export const nothing = (): undefined => undefined;',
};

const plantDir = mkdtempSync(path.join(tmpdir(), 'import-time-'));
afterAll(() => rmSync(plantDir, { recursive: true, force: true }));

describe('importing the modules of shared/', () => {
  it('does no work: nothing read from the environment, started, built, listened to or patched', async () => {
    const modules = sharedModules();
    expect(modules.length).toBeGreaterThan(300);
    const report = await probeImports(modules);
    expect(report.imported).toBe(modules.length);
    expect(report.found).toEqual([]);
  }, 60_000);

  it('catches a module that does work at import, whichever work it is', async () => {
    const files = Object.entries(PLANTS).map(([name, text]) => {
      const file = path.join(plantDir, name);
      writeFileSync(file, `${text}\n`);
      return file;
    });
    const report = await probeImports(files, [plantDir + path.sep, SHARED]);
    const kinds: Record<string, string[]> = {};
    for (const work of report.found) {
      const name = path.basename(work.module);
      kinds[name] = [...new Set([...(kinds[name] ?? []), `${work.kind}: ${work.what}`])].sort();
    }
    expect(kinds['reads-environment.ts']).toEqual(['environment: LOG_LEVEL']);
    // Powertools reads Lambda's variables (advanced logging controls...) when a logger is built.
    expect(kinds['builds-logger.ts']).toContain('environment: AWS_LAMBDA_LOG_LEVEL');
    expect(kinds['starts-timer.ts']).toEqual(['resource: Timeout']);
    expect(kinds['builds-agent.ts']).toContain('emitter: Agent');
    expect(kinds['patches-fetch.ts']).toEqual(['global: globalThis.fetch']);
    expect(kinds['sets-global-dispatcher.ts']).toContain(
      'global: globalThis.Symbol(undici.globalDispatcher.1)',
    );
    expect(kinds['patches-prototype.ts']).toEqual(['global: Array.prototype.plantedLast']);
    expect(kinds['adds-listener.ts']).toEqual(['listener: beforeExit']);
    expect(kinds['does-nothing.ts']).toBeUndefined();
  }, 60_000);
});
