import { describe, expect, it } from 'vitest';
import { createCloudFrontReader } from '#shared/domain/agent-logs/format-cloudfront';
import { parseCombinedLine } from '#shared/domain/agent-logs/format-combined';
import { logpushSeconds, parseJsonLine } from '#shared/domain/agent-logs/format-jsonl';
import { decideFormat } from '#shared/domain/agent-logs/formats';
import { isSkip, type LogHit } from '#shared/domain/agent-logs/log-line';
import { AppError } from '#shared/domain/kernel/errors';

/** The three access-log formats and `format=auto` (docs/agent-logs.md "Formats"). */
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const NOV_20 = Date.UTC(2026, 10, 20, 13, 55, 36) / 1000;

const COMBINED = `20.171.206.7 - - [20/Nov/2026:14:55:36 +0100] "GET /docs/start?ref=x HTTP/1.1" 200 5120 "-" "${GPTBOT}"`;
const CLOUDFRONT_FIELDS =
  '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query';
const CLOUDFRONT = [
  '2026-11-20',
  '13:55:36',
  'FRA56-C1',
  '5120',
  '20.171.206.7',
  'GET',
  'd111.cloudfront.net',
  '/docs/start',
  '200',
  '-',
  encodeURIComponent(GPTBOT),
  'ref=x',
].join('\t');
const JSONL = JSON.stringify({
  ClientIP: '20.171.206.7',
  ClientRequestMethod: 'GET',
  ClientRequestURI: '/docs/start?ref=x',
  ClientRequestUserAgent: GPTBOT,
  EdgeResponseStatus: 200,
  EdgeResponseBytes: 5120,
  EdgeStartTimestamp: '2026-11-20T13:55:36Z',
});

const EXPECTED: LogHit = {
  address: '20.171.206.7',
  time: NOV_20,
  path: '/docs/start',
  status: 200,
  bytes: 5120,
  userAgent: GPTBOT,
};

describe('reading one line', () => {
  it('reads a combined line, its time zone applied and the query dropped', () => {
    expect(parseCombinedLine(COMBINED)).toEqual(EXPECTED);
  });

  it('reads nginx lines with "-" bytes, an absolute target, escaped quotes and extra fields', () => {
    const line = `2001:db8::1 - alice [20/Nov/2026:13:55:36 +0000] "GET https://example.com/a?b HTTP/1.1" 304 - "https://ref.example/\\"x\\"" "UA \\"quoted\\"" 0.002 "-"`;
    expect(parseCombinedLine(line)).toMatchObject({
      address: '2001:db8::1',
      path: '/a',
      status: 304,
      bytes: 0,
      userAgent: 'UA \\"quoted\\"',
    });
  });

  it('skips lines it cannot read with a reason, never the line itself', () => {
    for (const line of [
      'hello world',
      '1.2.3.4 - - [32/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x"',
      '1.2.3.4 - - [20/Nov/2026:13:55:36 +0000] "-" 400 0 "-" "-"',
    ]) {
      const result = parseCombinedLine(line);
      expect(result && isSkip(result), line).toBe(true);
      expect(JSON.stringify(result)).not.toContain('1.2.3.4');
    }
  });

  it('reads a CloudFront line by its #Fields columns, decoding the User-Agent', () => {
    const read = createCloudFrontReader();
    expect(read('#Version: 1.0')).toBeNull();
    expect(read(CLOUDFRONT_FIELDS)).toBeNull();
    expect(read(CLOUDFRONT)).toEqual(EXPECTED);
  });

  it('reads CloudFront lines in the documented order when the file has no #Fields line', () => {
    expect(createCloudFrontReader()(CLOUDFRONT)).toEqual(EXPECTED);
  });

  it('reads Cloudflare Logpush JSON lines, with every timestamp form Logpush writes', () => {
    expect(parseJsonLine(JSONL)).toEqual(EXPECTED);
    expect(logpushSeconds(NOV_20)).toBe(NOV_20);
    expect(logpushSeconds(NOV_20 * 1000)).toBe(NOV_20);
    expect(logpushSeconds(NOV_20 * 1e9)).toBe(NOV_20);
    expect(logpushSeconds(String(NOV_20 * 1e9))).toBe(NOV_20);
    const bad = parseJsonLine('{"ClientIP":"1.2.3.4"}');
    expect(bad && isSkip(bad)).toBe(true);
  });
});

describe('format=auto', () => {
  it('picks the format that reads the most of the first lines', () => {
    expect(decideFormat([COMBINED, COMBINED], 'auto')).toBe('combined');
    expect(decideFormat([CLOUDFRONT_FIELDS, CLOUDFRONT], 'auto')).toBe('cloudfront');
    expect(decideFormat([JSONL, 'garbage'], 'auto')).toBe('jsonl');
  });

  it('refuses a body none of whose first hundred lines reads (422 unrecognized_log_format)', () => {
    const notALog = Array.from({ length: 150 }, (_, index) => `line ${index} of a novel`);
    // A log line after the first hundred does not save it.
    notALog.push(COMBINED);
    const error = (() => {
      try {
        decideFormat(notALog, 'auto');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unrecognized_log_format');
  });

  it('refuses a log asked for in a format it is not written in', () => {
    expect(() => decideFormat([COMBINED], 'jsonl')).toThrow(/not an access log/);
  });
});
