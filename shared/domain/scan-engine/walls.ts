/**
 * What answered instead of the site (issue 37, point 4): a challenge page, a WAF block, a rate
 * limit, or a 402 asking agents to pay. Each is recognised from the answer itself (status,
 * headers, the words of the page), never guessed from a bare 403: a plain 403 or 503 is the
 * site's own answer and is judged as such. The scan's documents that met a wall become
 * `walled` (a scanner-side failure: the check that needed them is not judged on them), and the
 * walls are reported in `environment` (environment.ts).
 *
 * robots.txt's own 429 keeps its meaning for crawlers (Google reads it as "disallow all",
 * docs/scan-engine.md): it counts as a wall only when other documents of the same scan were
 * rate limited too, i.e. the site throttled the scan rather than its robots.txt.
 */
import type { FetchedResponse, Wall } from './artifacts.ts';

interface Marker {
  /** Who answered, in words. */
  by: string;
  /** Body words (first 20,000 characters, case-insensitive) that give it away. */
  body?: RegExp;
  /** A header whose presence (and, with `value`, whose value) gives it away. */
  header?: { name: string; value?: RegExp };
}

/** Challenge pages: the page asks a browser to prove it is a person before it shows the site. */
const CHALLENGES: readonly Marker[] = [
  { by: 'a Cloudflare challenge page', header: { name: 'cf-mitigated', value: /challenge/i } },
  {
    by: 'a Cloudflare challenge page',
    body: /<title>\s*just a moment|challenge-platform|cf-chl-|cf_chl_/i,
  },
  { by: 'a DataDome challenge', header: { name: 'x-datadome' } },
  { by: 'a DataDome challenge', body: /captcha-delivery\.com|datadome/i },
  { by: 'a HUMAN (PerimeterX) challenge', body: /px-captcha|perimeterx/i },
  { by: 'a SiteGround bot challenge', body: /sgcaptcha|sg-captcha/i },
  {
    by: 'a bot challenge page',
    body: /captcha|verify you are (a )?human|are you a robot|checking your browser/i,
  },
];

/** WAF blocks: a firewall refused the request with its own page. */
const WAF_BLOCKS: readonly Marker[] = [
  {
    by: 'a Cloudflare WAF block',
    body: /attention required! \| cloudflare|sorry, you have been blocked/i,
  },
  { by: 'an AWS WAF block', header: { name: 'x-amzn-waf-action' } },
  {
    by: 'an AWS WAF block',
    body: /request blocked\.[\s\S]{0,400}cloudfront|403 error[\s\S]{0,200}the request could not be satisfied/i,
  },
  { by: 'an Akamai block', body: /access denied[\s\S]{0,600}reference #[0-9a-f.]+/i },
  { by: 'an Akamai block', header: { name: 'server', value: /akamaighost/i } },
  { by: 'an Imperva (Incapsula) block', body: /_incapsula_resource|incapsula incident id/i },
  { by: 'a Sucuri firewall block', header: { name: 'x-sucuri-id' } },
  { by: 'a Sucuri firewall block', body: /sucuri website firewall/i },
  { by: 'a ModSecurity block', body: /mod_security|modsecurity/i },
];

interface Sighting {
  by: string;
  /** The header or the words that gave it away, as a finding quotes them. */
  shown: string;
  /** Seen in a vendor header (not just in the page's words). */
  byHeader: boolean;
}

function matches(marker: Marker, response: FetchedResponse, head: string): Sighting | undefined {
  if (marker.header !== undefined) {
    const value = response.headers[marker.header.name];
    if (value === undefined || !(marker.header.value?.test(value) ?? true)) return undefined;
    return { by: marker.by, shown: `${marker.header.name}: ${value.slice(0, 60)}`, byHeader: true };
  }
  const found = marker.body?.exec(head);
  if (found === null || found === undefined) return undefined;
  const words = found[0].replace(/\s+/g, ' ').slice(0, 60);
  return { by: marker.by, shown: `"${words}" in the page`, byHeader: false };
}

function firstMarker(
  markers: readonly Marker[],
  response: FetchedResponse,
  head: string,
): Sighting | undefined {
  for (const marker of markers) {
    const sighting = matches(marker, response, head);
    if (sighting !== undefined) return sighting;
  }
  return undefined;
}

/** The wall a response is, if it is one (robots.txt's lone 429 is decided by the caller). */
export function wallOf(response: FetchedResponse): Wall | undefined {
  const status = response.status;
  if (status === 402) {
    const how = [
      response.headers['payment-required'] !== undefined ? 'PAYMENT-REQUIRED (x402)' : '',
      /(^|,\s*)Payment(\s|$|,)/.test(response.headers['www-authenticate'] ?? '')
        ? 'WWW-Authenticate: Payment'
        : '',
    ].filter(Boolean);
    return {
      kind: 'payment',
      by: 'a payment request (HTTP 402)',
      evidence: `HTTP 402 Payment Required${how.length > 0 ? ` with ${how.join(' and ')}` : ''}`,
    };
  }
  const head = response.text.slice(0, 20_000);
  if (status === 403 || status === 429 || status === 503 || status === 200) {
    const challenge = firstMarker(CHALLENGES, response, head);
    // A 200 page is a challenge only on the vendor's own header, never on the word "captcha".
    if (challenge !== undefined && (status !== 200 || challenge.byHeader)) {
      return {
        kind: 'challenge',
        by: challenge.by,
        evidence: `HTTP ${status}, ${challenge.shown}`,
      };
    }
  }
  if (status === 403 || status === 406) {
    const block = firstMarker(WAF_BLOCKS, response, head);
    if (block !== undefined) {
      return { kind: 'waf', by: block.by, evidence: `HTTP ${status}, ${block.shown}` };
    }
  }
  if (status === 429) {
    const retry = response.headers['retry-after'];
    return {
      kind: 'rate-limit',
      by: 'a rate limit (HTTP 429)',
      evidence: `HTTP 429 Too Many Requests${retry === undefined ? '' : `, Retry-After: ${retry.slice(0, 30)}`}`,
    };
  }
  return undefined;
}

/** "blocked by a Cloudflare challenge page (HTTP 403, cf-mitigated: challenge)". */
export function describeWall(wall: Wall): string {
  return wall.kind === 'payment'
    ? `paywalled for agents: ${wall.evidence}`
    : `blocked by ${wall.by} (${wall.evidence})`;
}
