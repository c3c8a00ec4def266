/**
 * The Apache and nginx "combined" format (docs/agent-logs.md "Formats"):
 * `host ident user [10/Oct/2026:13:55:36 +0000] "GET /path HTTP/1.1" status bytes "referer"
 * "user-agent"`, fields after the User-Agent ignored. Read by hand with `indexOf` rather than a
 * regular expression: a million lines a second is the budget (bench/agent-logs.ts).
 */
import { clockSeconds, dayStart, digitsAt, type LineResult, pathOfTarget } from './log-line.ts';

const NOT_COMBINED = { skip: 'not a combined log line' } as const;
const BAD_TIME = { skip: 'unreadable time' } as const;
const BAD_REQUEST = { skip: 'no request line (method and path)' } as const;
const BAD_STATUS = { skip: 'no status code' } as const;

const MONTHS: Readonly<Record<string, number>> = {
  Jan: 1,
  Feb: 2,
  Mar: 3,
  Apr: 4,
  May: 5,
  Jun: 6,
  Jul: 7,
  Aug: 8,
  Sep: 9,
  Oct: 10,
  Nov: 11,
  Dec: 12,
};

/** `10/Oct/2026:13:55:36 +0000` starting at `start`, as seconds since the epoch (UTC). */
export function clfTime(line: string, start: number, end: number): number {
  if (end - start < 26 || line.charCodeAt(start + 2) !== 47 || line.charCodeAt(start + 6) !== 47) {
    return Number.NaN;
  }
  const month = MONTHS[line.slice(start + 3, start + 6)];
  if (month === undefined) return Number.NaN;
  const day = dayStart(
    digitsAt(line, start + 7, start + 11),
    month,
    digitsAt(line, start, start + 2),
  );
  const clock = clockSeconds(line, start + 12);
  const sign = line.charCodeAt(start + 21);
  const offset =
    digitsAt(line, start + 22, start + 24) * 3600 + digitsAt(line, start + 24, start + 26) * 60;
  if (sign !== 43 && sign !== 45) return Number.NaN;
  return day + clock - (sign === 43 ? offset : -offset);
}

/** Index of the quote that ends a quoted field opened before `from` (`\"` escapes skipped). */
function closingQuote(line: string, from: number): number {
  let at = line.indexOf('"', from);
  while (at > 0) {
    let backslashes = 0;
    for (let index = at - 1; index >= from && line.charCodeAt(index) === 92; index -= 1) {
      backslashes += 1;
    }
    if (backslashes % 2 === 0) return at;
    at = line.indexOf('"', at + 1);
  }
  return -1;
}

/** The path of `GET /path HTTP/1.1` between `start` and `end`, or undefined. */
function requestPath(line: string, start: number, end: number): string | undefined {
  const first = line.indexOf(' ', start);
  if (first < 0 || first >= end) return undefined;
  const last = line.lastIndexOf(' ', end - 1);
  const targetEnd = last > first ? last : end;
  return pathOfTarget(line.slice(first + 1, targetEnd));
}

/** One combined line; see the file header for the shape. */
export function parseCombinedLine(line: string): LineResult {
  const space = line.indexOf(' ');
  const open = space > 0 ? line.indexOf(' [', space - 1) : -1;
  const close = open < 0 ? -1 : line.indexOf('] "', open);
  if (close < 0) return NOT_COMBINED;
  const time = clfTime(line, open + 2, close);
  if (Number.isNaN(time)) return BAD_TIME;
  const requestStart = close + 3;
  const requestEnd = closingQuote(line, requestStart);
  if (requestEnd < 0 || line.charCodeAt(requestEnd + 1) !== 32) return NOT_COMBINED;
  const path = requestPath(line, requestStart, requestEnd);
  if (path === undefined) return BAD_REQUEST;
  const status = digitsAt(line, requestEnd + 2, requestEnd + 5);
  if (Number.isNaN(status) || line.charCodeAt(requestEnd + 5) !== 32) return BAD_STATUS;
  const bytesEnd = line.indexOf(' ', requestEnd + 6);
  if (bytesEnd < 0) return NOT_COMBINED;
  const bytes = digitsAt(line, requestEnd + 6, bytesEnd);
  const refererEnd = line.charCodeAt(bytesEnd + 1) === 34 ? closingQuote(line, bytesEnd + 2) : -1;
  if (refererEnd < 0 || line.charCodeAt(refererEnd + 2) !== 34) return NOT_COMBINED;
  const agentEnd = closingQuote(line, refererEnd + 3);
  if (agentEnd < 0) return NOT_COMBINED;
  return {
    address: line.slice(0, space),
    time,
    path,
    status,
    bytes: Number.isNaN(bytes) ? 0 : bytes,
    userAgent: line.slice(refererEnd + 3, agentEnd),
  };
}
