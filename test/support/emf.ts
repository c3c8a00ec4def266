/**
 * Reads the embedded-metric-format (EMF) lines a process writes to its standard output, as
 * CloudWatch Logs would: each line is a JSON object whose `_aws.CloudWatchMetrics` names the
 * namespace, the dimension sets and the metrics, with the values as top-level fields.
 */

/** One EMF line, parsed. */
export interface EmfLine {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [field: string]: unknown;
}

export interface EmfCapture {
  /** Every EMF line written since the capture started. */
  lines(): EmfLine[];
  /** Lines that carry `metric`. */
  linesOf(metric: string): EmfLine[];
  /** Gives standard output back. */
  stop(): void;
}

function isEmf(value: unknown): value is EmfLine {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_aws' in value &&
    Array.isArray((value as EmfLine)._aws?.CloudWatchMetrics)
  );
}

/** Parses the EMF lines of some output; other lines are skipped. */
function parseEmf(output: string): EmfLine[] {
  const lines: EmfLine[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"_aws"')) continue;
    try {
      const parsed: unknown = JSON.parse(line);
      if (isEmf(parsed)) lines.push(parsed);
    } catch {
      // A partial line (a chunk split mid-line) is not EMF yet.
    }
  }
  return lines;
}

/**
 * Keeps every EMF line written to this process's standard output from now on (they are not
 * printed); anything else is written through.
 */
export function captureEmf(): EmfCapture {
  const write = process.stdout.write.bind(process.stdout);
  let buffered = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"_aws"')) {
      buffered += text.endsWith('\n') ? text : `${text}\n`;
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return {
    lines: () => parseEmf(buffered),
    linesOf: (metric) =>
      parseEmf(buffered).filter((line) =>
        line._aws.CloudWatchMetrics.some((set) => set.Metrics.some((m) => m.Name === metric)),
      ),
    stop() {
      process.stdout.write = write;
    },
  };
}
