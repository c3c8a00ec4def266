/**
 * The smoke test's command line (docs/deploy.md, "After a deploy"): where the service is, the key
 * to walk it with, and the things it may touch: the site to scan, the sites of the batch, the
 * receiver of the webhook test event. Nothing is guessed: a missing option is a usage error.
 */
import { parseArgs } from 'node:util';

export interface SmokeOptions {
  baseUrl: string;
  key: string;
  /** The site the single scan reads (a domain or an http(s) URL). */
  site: string;
  /** The sites of the batch; by default the scanned site alone. */
  batch: string[];
  /** https URL of a receiver that answers 2xx to the test event. */
  receiver: string;
  /** The case's domain; by default the scanned site's host. */
  caseDomain: string;
  /** How long the batch and the run may take to reach their end, in seconds. */
  timeoutSeconds: number;
}

export const USAGE = `Usage: npm run smoke -- --base-url URL --key KEY --site SITE --receiver HTTPS_URL
       [--batch SITE,SITE,...] [--case-domain DOMAIN] [--timeout-seconds 900]

Walks a running deployment the way a user would: stats, a scan of SITE, a batch, a case and a
run to its end, the case summary, a webhook test event to HTTPS_URL, the MCP tool list and a tool
call. Prints one line per step and a verdict; exits 0 on PASS, 1 on FAIL, 2 on a usage error.
KEY needs the scopes scans:read scans:write monitor:read monitor:write webhooks:manage.
It leaves a case, its run, a batch and scans behind (there is no route that deletes them); the
webhook endpoint it registers is deleted again.`;

export class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function hostOf(site: string): string {
  try {
    return new URL(/^https?:\/\//i.test(site) ? site : `https://${site}`).hostname;
  } catch {
    throw new UsageError(`--site "${site}" is neither a domain nor an http(s) URL`);
  }
}

export function parseSmokeArgs(argv: readonly string[]): SmokeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      site: { type: 'string' },
      batch: { type: 'string' },
      receiver: { type: 'string' },
      'case-domain': { type: 'string' },
      'timeout-seconds': { type: 'string', default: '900' },
    },
    strict: true,
  });
  const baseUrl = required(values, 'base-url').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl)) {
    throw new UsageError(`--base-url "${baseUrl}" must be an absolute http(s) URL`);
  }
  const key = required(values, 'key');
  const site = required(values, 'site');
  const receiver = required(values, 'receiver');
  if (!receiver.startsWith('https://')) throw new UsageError('--receiver must be an https URL');
  const timeoutSeconds = Number(values['timeout-seconds']);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new UsageError('--timeout-seconds must be a positive number');
  }
  const batch = (values.batch ?? site)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return {
    baseUrl,
    key,
    site,
    batch,
    receiver,
    caseDomain: values['case-domain']?.trim() || hostOf(site),
    timeoutSeconds,
  };
}
