/**
 * Amazon CloudFront standard logs in the W3C form (docs/agent-logs.md "Formats"): tab-separated
 * fields named by the file's `#Fields:` line, times in UTC, the User-Agent URL-encoded. Without
 * a `#Fields:` line the 33 fields of CloudFront's documented order are assumed. The reader keeps
 * the column positions the last `#Fields:` line named, so it is one reader per file.
 */
import {
  clockSeconds,
  digitsAt,
  isoDaySeconds,
  type LineResult,
  pathOfTarget,
} from './log-line.ts';

/** CloudFront's documented order of the standard log's fields. */
const DEFAULT_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(Referer)',
  'cs(User-Agent)',
];

interface Columns {
  date: number;
  time: number;
  bytes: number;
  address: number;
  path: number;
  status: number;
  userAgent: number;
  count: number;
}

function columnsOf(fields: readonly string[]): Columns | undefined {
  const at = (name: string) => fields.indexOf(name);
  const columns = {
    date: at('date'),
    time: at('time'),
    bytes: at('sc-bytes'),
    address: at('c-ip'),
    path: at('cs-uri-stem'),
    status: at('sc-status'),
    userAgent: at('cs(User-Agent)'),
    count: fields.length,
  };
  return Object.values(columns).every((index) => index >= 0) ? columns : undefined;
}

const NOT_CLOUDFRONT = { skip: 'not a CloudFront log line' } as const;
const BAD_TIME = { skip: 'unreadable time' } as const;
const BAD_STATUS = { skip: 'no status code' } as const;
const BAD_PATH = { skip: 'no request path' } as const;

/** The User-Agent as CloudFront writes it (percent-encoded, spaces as %20). */
function decodeAgent(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A reader of one CloudFront file (it remembers the columns of the `#Fields:` line). */
export function createCloudFrontReader(): (line: string) => LineResult {
  let columns = columnsOf(DEFAULT_FIELDS) as Columns;
  return (line) => {
    if (line.charCodeAt(0) === 35) {
      if (line.startsWith('#Fields:')) {
        columns = columnsOf(line.slice(8).trim().split(/\s+/)) ?? columns;
      }
      return null;
    }
    const fields = line.split('\t');
    if (fields.length < 9) return NOT_CLOUDFRONT;
    const date = fields[columns.date] ?? '';
    const clock = fields[columns.time] ?? '';
    const time = isoDaySeconds(date, 0) + clockSeconds(clock, 0);
    if (Number.isNaN(time) || date.length !== 10 || clock.length !== 8) return BAD_TIME;
    const status = fields[columns.status] ?? '';
    const code = digitsAt(status, 0, status.length);
    if (Number.isNaN(code) || status.length !== 3) return BAD_STATUS;
    const path = pathOfTarget(fields[columns.path] ?? '');
    if (path === undefined) return BAD_PATH;
    const bytes = fields[columns.bytes] ?? '';
    return {
      address: fields[columns.address] ?? '',
      time,
      path,
      status: code,
      bytes: digitsAt(bytes, 0, bytes.length) || 0,
      userAgent: decodeAgent(fields[columns.userAgent] ?? ''),
    };
  };
}
