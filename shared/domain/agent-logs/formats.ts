/**
 * The three log formats behind one reader each, and how `format=auto` picks one
 * (docs/agent-logs.md "Formats"): each format reads the first hundred lines and the one that reads
 * the most wins (ties go to the order combined, cloudfront, jsonl). A log of which no line of the
 * first hundred reads in the chosen (or any) format is refused as `unrecognized_log_format`.
 */
import { AppError } from '#shared/domain/kernel/errors';
import { createCloudFrontReader } from './format-cloudfront.ts';
import { parseCombinedLine } from './format-combined.ts';
import { parseJsonLine } from './format-jsonl.ts';
import { isSkip, type LineResult, LOG_FORMATS, type LogFormat } from './log-line.ts';

/** How many lines decide whether a body is a log at all (and which format it is in). */
export const SAMPLE_LINES = 100;

/** A reader of one file in one format (some formats remember header lines). */
export type LineReader = (line: string) => LineResult;

export function createLineReader(format: LogFormat): LineReader {
  switch (format) {
    case 'combined':
      return parseCombinedLine;
    case 'cloudfront':
      return createCloudFrontReader();
    case 'jsonl':
      return parseJsonLine;
  }
}

/** Lines of the sample each format reads. */
function scores(sample: readonly string[]): Map<LogFormat, number> {
  const result = new Map<LogFormat, number>();
  for (const format of LOG_FORMATS) {
    const read = createLineReader(format);
    let parsed = 0;
    for (const line of sample) {
      const outcome = read(line);
      if (outcome !== null && !isSkip(outcome)) parsed += 1;
    }
    result.set(format, parsed);
  }
  return result;
}

function unrecognized(format: LogFormat | 'auto'): AppError {
  const what =
    format === 'auto'
      ? 'as Apache/nginx combined, CloudFront standard (W3C) or JSON lines'
      : `as ${format}`;
  return new AppError(
    'unrecognized_log_format',
    `This is not an access log we can read: none of its first ${SAMPLE_LINES} lines reads ${what}. ` +
      'See /docs#agent-logs for the formats and how to export them.',
  );
}

/**
 * The format of a log from its first lines (blank lines left out): the one asked for, or with
 * `auto` the one that reads most of them. Throws `unrecognized_log_format` when none reads any.
 */
export function decideFormat(sample: readonly string[], asked: LogFormat | 'auto'): LogFormat {
  const lines = sample.slice(0, SAMPLE_LINES);
  const byFormat = scores(lines);
  if (asked !== 'auto') {
    if ((byFormat.get(asked) ?? 0) === 0) throw unrecognized(asked);
    return asked;
  }
  let best: LogFormat | undefined;
  for (const format of LOG_FORMATS) {
    const score = byFormat.get(format) ?? 0;
    if (score > 0 && (best === undefined || score > (byFormat.get(best) ?? 0))) best = format;
  }
  if (best === undefined) throw unrecognized('auto');
  return best;
}
