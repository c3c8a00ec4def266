/**
 * JSON lines with the field names of Cloudflare Logpush's HTTP requests dataset (docs/agent-logs.md
 * "Formats"): one object a line with `ClientIP`, `ClientRequestUserAgent`, `ClientRequestPath`
 * (or `ClientRequestURI`), `EdgeResponseStatus`, `EdgeResponseBytes` and `EdgeStartTimestamp`
 * (RFC 3339 text, or a number of seconds, milliseconds or nanoseconds since the epoch, as
 * Logpush's `timestamp_format` writes it). Other fields are ignored.
 */
import { type LineResult, pathOfTarget } from './log-line.ts';

const NOT_JSON = { skip: 'not a JSON object' } as const;
const NO_FIELDS = { skip: 'missing ClientIP, ClientRequestUserAgent or a request path' } as const;
const BAD_TIME = { skip: 'unreadable EdgeStartTimestamp' } as const;
const BAD_STATUS = { skip: 'no EdgeResponseStatus' } as const;

/** Seconds since the epoch of a Logpush timestamp; NaN when it is none. */
export function logpushSeconds(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Seconds until 2286, then milliseconds, then nanoseconds (Logpush's unix, unixnano forms).
    if (value < 1e10) return Math.floor(value);
    if (value < 1e13) return Math.floor(value / 1e3);
    return Math.floor(value / 1e9);
  }
  if (typeof value === 'string' && value !== '') {
    const numeric = /^\d+$/.test(value) ? logpushSeconds(Number(value)) : Number.NaN;
    if (!Number.isNaN(numeric)) return numeric;
    const millis = Date.parse(value);
    return Number.isNaN(millis) ? Number.NaN : Math.floor(millis / 1000);
  }
  return Number.NaN;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One JSON line. */
export function parseJsonLine(line: string): LineResult {
  if (line.charCodeAt(0) !== 123) return NOT_JSON;
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return NOT_JSON;
    record = parsed as Record<string, unknown>;
  } catch {
    return NOT_JSON;
  }
  const address = text(record.ClientIP);
  const userAgent =
    typeof record.ClientRequestUserAgent === 'string' ? record.ClientRequestUserAgent : undefined;
  const target = text(record.ClientRequestPath) ?? text(record.ClientRequestURI);
  const path = target === undefined ? undefined : pathOfTarget(target);
  if (address === undefined || userAgent === undefined || path === undefined) return NO_FIELDS;
  const time = logpushSeconds(record.EdgeStartTimestamp);
  if (Number.isNaN(time)) return BAD_TIME;
  const status = record.EdgeResponseStatus;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    return BAD_STATUS;
  }
  const bytes = record.EdgeResponseBytes;
  return {
    address,
    time,
    path,
    status,
    bytes: typeof bytes === 'number' && Number.isFinite(bytes) && bytes > 0 ? bytes : 0,
    userAgent,
  };
}
