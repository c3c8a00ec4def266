import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The client README's examples as files: every ```ts block whose info string names a file
 * (```ts scan.ts) is written, unchanged, into client/.readme-examples/, where the package's
 * own name resolves to its build (package.json "exports", self-reference), then type-checked
 * against the built declarations and run with this Node (TypeScript types stripped).
 */
const run = promisify(execFile);

export const CLIENT_DIR = new URL('../../../client/', import.meta.url).pathname;
export const EXAMPLES_DIR = join(CLIENT_DIR, '.readme-examples');
const TSC = new URL('../../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

export interface Example {
  name: string;
  code: string;
}

export function extractExamples(markdown: string): Example[] {
  return [...markdown.matchAll(/^```ts (\S+\.ts)\n([\s\S]*?)^```$/gm)].map((match) => ({
    name: match[1] as string,
    code: match[2] as string,
  }));
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

/** Compiles client/src to client/dist unless the build is newer than every source file. */
export async function buildClient(): Promise<void> {
  const built = await stat(join(CLIENT_DIR, 'dist/index.js')).catch(() => undefined);
  if (built && built.mtimeMs >= (await newestMtime(join(CLIENT_DIR, 'src')))) return;
  await run(process.execPath, [TSC, '-p', join(CLIENT_DIR, 'tsconfig.json')]);
}

const EXAMPLES_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    types: ['node'],
  },
  include: ['*.ts'],
};

/** Writes the examples and a tsconfig for them; returns the examples. */
export async function writeExamples(): Promise<Example[]> {
  const examples = extractExamples(await readFile(join(CLIENT_DIR, 'README.md'), 'utf8'));
  await rm(EXAMPLES_DIR, { recursive: true, force: true });
  await mkdir(EXAMPLES_DIR, { recursive: true });
  for (const example of examples) await writeFile(join(EXAMPLES_DIR, example.name), example.code);
  await writeFile(join(EXAMPLES_DIR, 'tsconfig.json'), JSON.stringify(EXAMPLES_TSCONFIG));
  return examples;
}

/** `tsc --noEmit` over the examples: their output, empty when they type-check. */
export async function typeCheckExamples(): Promise<string> {
  try {
    await run(process.execPath, [TSC, '-p', join(EXAMPLES_DIR, 'tsconfig.json')]);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

export interface ExampleRun {
  stdout: string;
  stderr: string;
}

/** Runs one example to its end with these arguments and environment; rejects on exit != 0. */
export async function runExample(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<ExampleRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(EXAMPLES_DIR, name), ...args], {
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    return { stdout, stderr };
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${name} failed: ${String(error)}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

export interface RunningExample {
  output(): string;
  /** Resolves with the first output line matching the pattern. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): void;
}

/** Starts a long-running example (the webhook receiver). */
export function startExample(name: string, env: Record<string, string>): RunningExample {
  const child: ChildProcess = spawn(process.execPath, [join(EXAMPLES_DIR, name)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return {
    output: () => output,
    async waitForLine(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`${name}: no line matching ${pattern} in:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => child.kill(),
  };
}
