/**
 * The explicit-wiring rule of docs/decisions.md "Explicit wiring (issue 14)": only the
 * configuration module reads the process environment, and the local stack never writes it (it
 * starts the wiring with the settings it builds instead).
 */
import type { SourceFile } from './layers.ts';

/** The one module of shared/ that may read `process.env`. */
export const CONFIGURATION_MODULES: readonly string[] = ['shared/wiring/config.ts'];

/** Files of shared/ that mention `process.env` without being the configuration module. */
export function environmentReaders(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => /\bprocess\.env\b/.test(file.text))
    .map((file) => file.path)
    .filter((path) => !CONFIGURATION_MODULES.includes(path));
}

/**
 * Lines that write the environment: an assignment (`=`, `??=`, `||=`, ...) to a variable of it,
 * `delete`, or `Object.assign(process.env, ...)`.
 */
export function environmentWrites(text: string): string[] {
  const write =
    /process\.env(\.[A-Za-z_$][\w$]*|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=|&&=)|delete\s+process\.env|Object\.assign\(\s*process\.env/;
  return text.split('\n').filter((line) => write.test(line));
}
