import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SITES, type FixtureSiteName, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 10: verdicts on sites built to be awkward, scanned as a new user would (POST
 * /api/v1/scans through the local front, fixture sites on loopback). Slow sites live in
 * scan-slow-sites.test.ts (they need a short scan deadline).
 */
interface Finding {
  state: string;
  text: string;
}
interface ScanCheck {
  id: string;
  state: string;
  score: number;
  max: number;
  findings: Finding[];
}
interface ScanBody {
  id: string;
  url: string;
  score: number;
  checks: ScanCheck[];
}

type Running = Awaited<ReturnType<typeof startFixtureSite>>;

const SITES = [
  'good',
  'robots-homepage-only',
  'homepage-redirect-disallowed',
  'catch-all-json',
  'catch-all-text',
  'all-404',
  'robots-redirect-loop',
  'robots-5xx',
  'robots-429',
  'robots-lint',
  'thin-static',
  'poor',
] as const satisfies readonly FixtureSiteName[];

let stack: TestStack;
let key: string;
const running = new Map<string, Running>();
const scans = new Map<string, ScanBody>();

async function post(domain: string) {
  return callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', key, body: { domain } });
}

async function scanOf(name: (typeof SITES)[number]): Promise<ScanBody> {
  const cached = scans.get(name);
  if (cached) return cached;
  const site = running.get(name) as Running;
  const response = await post(`http://${site.host}`);
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  const scan = response.body.scan as ScanBody;
  scans.set(name, scan);
  return scan;
}

function check(scan: ScanBody, id: string): ScanCheck {
  const found = scan.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
}

function texts(target: ScanCheck, ...states: string[]): string {
  return target.findings
    .filter((finding) => states.length === 0 || states.includes(finding.state))
    .map((finding) => finding.text)
    .join('\n');
}

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write']);
  const started = await Promise.all(SITES.map((name) => startFixtureSite(name)));
  for (const [index, name] of SITES.entries()) running.set(name, started[index] as Running);
  expect(Object.keys(FIXTURE_SITES)).toEqual(expect.arrayContaining([...SITES]));
});

afterAll(async () => {
  await Promise.all([...running.values()].map((site) => site.close()));
  await stack?.close();
});

describe('1. crawler access is judged on the pages agents fetch', () => {
  it('sees that "Allow: /$" then "Disallow: /" blocks every page but the homepage', async () => {
    const crawler = check(await scanOf('robots-homepage-only'), 'crawler');
    expect(crawler.score).toBeLessThanOrEqual(8);
    expect(texts(crawler, 'bad')).toMatch(/\/docs\/getting-started|\/blog\/agent-ready|\/pricing/);
  });

  it('follows / to its final URL and sees that /en/ is disallowed', async () => {
    const crawler = check(await scanOf('homepage-redirect-disallowed'), 'crawler');
    expect(texts(crawler, 'bad')).toContain('/en/');
    expect(crawler.score).toBeLessThan(check(await scanOf('good'), 'crawler').score - 2);
  });
});

describe('2. catch-all answers are not artifacts, whatever their content type', () => {
  it('does not count a JSON catch-all as agent manifests or OAuth metadata', async () => {
    const scan = await scanOf('catch-all-json');
    const agent = check(scan, 'agent');
    const api = check(scan, 'api');
    expect(texts(agent)).not.toMatch(/manifest published at|lacks/);
    expect(agent).toMatchObject({ state: 'unknown', max: 0 });
    expect(api).toMatchObject({ state: 'unknown', max: 0 });
    const llms = texts(check(scan, 'llms'), 'bad');
    expect(llms).toContain('application/json');
    expect(llms).not.toMatch(/HTML page/);
  });

  it('does not count a text catch-all as robots.txt or llms.txt', async () => {
    const scan = await scanOf('catch-all-text');
    const llms = check(scan, 'llms');
    expect(llms.score).toBe(0);
    expect(texts(llms, 'bad')).toContain('text/plain');
    const crawler = texts(check(scan, 'crawler'));
    expect(crawler).not.toContain('served as text/plain with 200');
    expect(crawler).toMatch(/same .*body .*any (unknown )?path/i);
  });
});

describe('4. a homepage that answers 404', () => {
  it('scores near zero and says why', async () => {
    const scan = await scanOf('all-404');
    expect(scan.score).toBeLessThanOrEqual(5);
    expect(texts(check(scan, 'render'), 'bad')).toMatch(/homepage.*404|404.*homepage/i);
    expect(texts(check(scan, 'crawler'), 'good')).not.toMatch(/allowed/);
  });
});

describe('5. a robots.txt redirect loop is the site’s defect', () => {
  it('treats the file as unavailable (allow all) with a finding the owner can act on', async () => {
    const crawler = check(await scanOf('robots-redirect-loop'), 'crawler');
    expect(texts(crawler, 'bad', 'warn')).toMatch(/redirect/i);
    expect(texts(crawler)).not.toMatch(/could not be fetched|not evaluated/);
    expect(texts(crawler, 'good')).toMatch(/OAI-SearchBot/);
  });
});

describe('7. findings say one thing per cause, in words an owner acts on', () => {
  it('does not quote a robots.txt it could not read, nor advise editing it', async () => {
    const text = texts(check(await scanOf('robots-5xx'), 'crawler'));
    expect(text).toContain('503');
    expect(text).not.toMatch(/line \d+ "Disallow/);
    expect(text).not.toMatch(/Content-Signal line/);
    expect(text).not.toMatch(/Training crawler \S+ is blocked/);
  });

  it('attributes the 429 rule to Google, not to RFC 9309', async () => {
    const text = texts(check(await scanOf('robots-429'), 'crawler'));
    expect(text).toContain('429');
    expect(text).toMatch(/Google/);
    expect(text).not.toMatch(/RFC 9309 tells crawlers/);
  });

  it('explains the half-credit rule at most once per check', async () => {
    for (const scanned of [await scanOf('good'), await scanOf('robots-5xx')]) {
      for (const target of scanned.checks) {
        const mentions = target.findings.filter((finding) => /as half/i.test(finding.text));
        expect(mentions.length, target.id).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('8. robots.txt lint', () => {
  it('reports each construct crawlers disagree on, with its line', async () => {
    const text = texts(check(await scanOf('robots-lint'), 'crawler'));
    expect(text).toMatch(/line 1\b.*(BOM|byte-order mark)/i);
    expect(text).toMatch(/line 3\b.*disalow/i);
    expect(text).toMatch(/line 5\b.*useragent/i);
    expect(text).toMatch(/line 6\b.*colon/i);
    expect(text).toMatch(/line 8\b.*FooBot,BarBot/);
    expect(text).toMatch(/line 9\b.*(long|bytes)/i);
  });
});

describe('9 and 12. the result page', () => {
  it('states the maximum reachable score and why 100 is out of reach', async () => {
    const scan = await scanOf('good');
    const html = await (await fetch(scan.url)).text();
    const reachable = /maximum reachable[^0-9]*(\d+)/i.exec(html);
    expect(reachable, 'no "maximum reachable" on the page').not.toBeNull();
    expect(Number(reachable?.[1])).toBeLessThan(100);
    expect(Number(reachable?.[1])).toBeGreaterThanOrEqual(scan.score);
    expect(html).toMatch(/cannot be verified from outside/i);
  });

  it('leads with the three fixes worth the most points, each with its gain', async () => {
    const scan = await scanOf('catch-all-text');
    const html = await (await fetch(scan.url)).text();
    const section = /<section[^>]*id="top-fixes"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    const gains = [...section.matchAll(/\+(\d+) points? to the score/g)].map((m) => Number(m[1]));
    expect(gains).toHaveLength(3);
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
    expect(html.indexOf('id="top-fixes"')).toBeLessThan(html.indexOf('id="check-crawler"'));
  });
});

describe('10. thin pages are not called JavaScript shells', () => {
  it('gives a static page with little text and no script advice about thin content', async () => {
    const render = texts(check(await scanOf('thin-static'), 'render'));
    expect(render).not.toMatch(/JavaScript shell/);
    expect(render).toMatch(/little text/i);
  });

  it('still calls a script-only page a JavaScript shell', async () => {
    expect(texts(check(await scanOf('poor'), 'render'))).toMatch(/JavaScript shell/);
  });
});

describe('11. input that passes validation must not end in scan_failed', () => {
  it('refuses port 0 with 400 invalid_domain', async () => {
    const response = await post('localhost:0');
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_domain');
  });

  it('refuses an invalid punycode label with 400 invalid_domain', async () => {
    const response = await post('xn--zz.de');
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_domain');
  });
});
