/**
 * For a test file that reads the service's logs: the lines the logger writes on stdout, kept
 * instead of printed. The level comes from the stack's configuration (`LOG_LEVEL: 'DEBUG'` in
 * the variables the test starts it with); the logger is built when the wiring starts, after
 * `captureStdout`.
 */

export const captured: string[] = [];

/** Keeps every line written to stdout from now on, instead of printing it. */
export function captureStdout(): () => void {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}

export function capturedEntries(): {
  message: string;
  request_id?: string;
  [key: string]: unknown;
}[] {
  return captured
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message: string; request_id?: string });
}
