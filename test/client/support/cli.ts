/**
 * Runs the `agent-readiness` bin as a user does (a Node process, the repository's checkout, so
 * from source), capturing its output and exit code, with OFFLINE_DNS=1 so a `--local` scan's
 * third-party lookups stay on the machine.
 */
import { spawn } from 'node:child_process';

export const BIN = new URL('../../../client/bin/agent-readiness.js', import.meta.url).pathname;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runBin(
  args: readonly string[],
  env: Record<string, string> = {},
  bin = BIN,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', OFFLINE_DNS: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
