/**
 * What the log formats read out of one line (docs/agent-logs.md "Formats"): the client address,
 * the time, the path, the status, the bytes sent and the User-Agent. Nothing else of a line is
 * kept, and the address is only used to verify the agent, never stored. Also the small, fast
 * readers the formats share: request targets to paths, and times to seconds since the epoch.
 */

export const LOG_FORMATS = ['combined', 'cloudfront', 'jsonl'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** One request as a log line records it. */
export interface LogHit {
  /** The client address as written (used for verification only). */
  address: string;
  /** Seconds since the epoch, UTC. */
  time: number;
  /** The path without query or fragment, at most MAX_PATH_LENGTH characters. */
  path: string;
  status: number;
  bytes: number;
  userAgent: string;
}

/** A line a format could not read, with the reason in words (never the line itself). */
export interface Skip {
  skip: string;
}

/** A hit, a skipped line, or `null` for what is not a log line (blank, a header comment). */
export type LineResult = LogHit | Skip | null;

export function isSkip(result: LogHit | Skip): result is Skip {
  return 'skip' in result;
}

/** Longer paths are cut: a path is a page's name, not a payload. */
export const MAX_PATH_LENGTH = 512;

/**
 * The path of a request target: an absolute URL loses its origin, the query and fragment go.
 * Undefined when the target is not a path (`*`, garbage).
 */
export function pathOfTarget(target: string): string | undefined {
  let path = target;
  if (path.charCodeAt(0) !== 47) {
    const scheme = path.indexOf('://');
    if (scheme < 0) return undefined;
    const slash = path.indexOf('/', scheme + 3);
    path = slash < 0 ? '/' : path.slice(slash);
  }
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  const fragment = path.indexOf('#');
  if (fragment >= 0) path = path.slice(0, fragment);
  return path.length > MAX_PATH_LENGTH ? path.slice(0, MAX_PATH_LENGTH) : path;
}

/** Digits of `text` from `start` to `end` as a number; NaN when any is not a digit. */
export function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index) - 48;
    if (code < 0 || code > 9) return Number.NaN;
    value = value * 10 + code;
  }
  return end > start ? value : Number.NaN;
}

const dayStarts = new Map<string, number>();

/** Seconds since the epoch at 00:00 UTC of a day; cached, since a log holds few days. */
export function dayStart(year: number, month: number, day: number): number {
  const key = `${year}-${month}-${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const date = new Date(Date.UTC(year, month - 1, day));
    start =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
        ? date.getTime() / 1000
        : Number.NaN;
    if (dayStarts.size > 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** `HH:MM:SS` at `start` as seconds since midnight; NaN when malformed. */
export function clockSeconds(text: string, start: number): number {
  if (text.charCodeAt(start + 2) !== 58 || text.charCodeAt(start + 5) !== 58) return Number.NaN;
  const hours = digitsAt(text, start, start + 2);
  const minutes = digitsAt(text, start + 3, start + 5);
  const seconds = digitsAt(text, start + 6, start + 8);
  if (hours > 23 || minutes > 59 || seconds > 60) return Number.NaN;
  return hours * 3600 + minutes * 60 + seconds;
}

/** `YYYY-MM-DD` at `start` as the seconds of that day's start; NaN when malformed. */
export function isoDaySeconds(text: string, start: number): number {
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return Number.NaN;
  return dayStart(
    digitsAt(text, start, start + 4),
    digitsAt(text, start + 5, start + 7),
    digitsAt(text, start + 8, start + 10),
  );
}

/** The UTC day (`YYYY-MM-DD`) of seconds since the epoch. */
export function dayOf(seconds: number): string {
  return new Date(Math.floor(seconds / 86_400) * 86_400_000).toISOString().slice(0, 10);
}
