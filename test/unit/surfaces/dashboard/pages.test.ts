import { describe, expect, it } from 'vitest';
import { CreateCaseBodySchema } from '#shared/domain/monitor/schemas';
import { matchRoute } from '#shared/surfaces/api/manifest';
import { csvCell } from '#shared/surfaces/dashboard/batches';
import { caseBodyFrom, caseBodyOf, caseFormValuesOf } from '#shared/surfaces/dashboard/case-form';
import { CaseFormSchema } from '#shared/surfaces/dashboard/forms';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { dailyHitsChart } from '#shared/surfaces/dashboard/views/agents-charts';
import { barChart, lineChart } from '#shared/surfaces/dashboard/views/charts';
import { CONTENT_SECURITY_POLICY, dashboardLayout } from '#shared/surfaces/dashboard/views/layout';
import { webhookChanges } from '#shared/surfaces/dashboard/webhooks';
import { html } from '#shared/surfaces/http/html';

describe('dashboard addresses', () => {
  it('each name a dashboard route of the manifest', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const paths = [
      ['GET', DASHBOARD_PATHS.home],
      ['GET', DASHBOARD_PATHS.signIn],
      ['POST', DASHBOARD_PATHS.session],
      ['POST', DASHBOARD_PATHS.signOut],
      ['POST', DASHBOARD_PATHS.revokeSession('ses_0123456789abcdef')],
      ['GET', DASHBOARD_PATHS.keys],
      ['POST', DASHBOARD_PATHS.revokeKey('key_0123456789abcdef')],
      ['GET', DASHBOARD_PATHS.scan(id)],
      ['GET', DASHBOARD_PATHS.batch(id)],
      ['GET', DASHBOARD_PATHS.batchCsv(id)],
      ['GET', DASHBOARD_PATHS.newCase],
      ['GET', DASHBOARD_PATHS.case(id)],
      ['GET', DASHBOARD_PATHS.editCase(id)],
      ['POST', DASHBOARD_PATHS.caseRuns(id)],
      ['POST', DASHBOARD_PATHS.webhook(id)],
      ['POST', DASHBOARD_PATHS.testWebhook(id)],
      ['POST', DASHBOARD_PATHS.deleteWebhook(id)],
      ['POST', DASHBOARD_PATHS.redeliver(id)],
    ] as const;
    for (const [method, path] of paths) {
      const match = matchRoute(method, path);
      expect(match && 'route' in match && match.route.area, `${method} ${path}`).toBe('dashboard');
    }
  });

  it('are all session routes except signing in and the home page scan box, which have no session yet', () => {
    const open = Object.values(DASHBOARD_ROUTES).filter((route) => route.auth !== 'session');
    expect(open.map((route) => route.operationId).sort()).toEqual([
      'dashboard_create_session',
      'dashboard_home_scan',
      'dashboard_request_link',
      'dashboard_sign_in',
    ]);
  });
});

describe('the case form', () => {
  const form = CaseFormSchema.parse({
    name: 'Acme',
    domain: 'acme.example',
    category: 'analytics',
    competitors: 'Globex | globex.example | Globex Inc, GX\nInitech\n\n',
    fact_sheet: 'pricing: from $29: per month\nfounded: 2019',
    aliases: 'Acme Co, ACME\nAcmeX',
    languages: 'en, de',
  });

  it('reads competitors, facts and lists into the API body, which the API schema accepts', () => {
    const body = caseBodyOf(form);
    expect(body).toMatchObject({
      competitors: [
        { name: 'Globex', domain: 'globex.example', aliases: ['Globex Inc', 'GX'] },
        'Initech',
      ],
      fact_sheet: { pricing: 'from $29: per month', founded: '2019' },
      aliases: ['Acme Co', 'ACME', 'AcmeX'],
      languages: ['en', 'de'],
    });
    expect(CreateCaseBodySchema.safeParse(body).success).toBe(true);
  });

  it('names the fact-sheet lines it cannot read, beside the other fields', () => {
    let details: unknown;
    try {
      caseBodyFrom(CreateCaseBodySchema, { ...form, fact_sheet: 'pricing: $29\njust words' });
    } catch (error) {
      details = (error as { details?: unknown }).details;
    }
    expect(details).toEqual({ issues: [{ path: ['fact_sheet', 1], code: 'not_key_value' }] });
  });

  it('writes a case back into the same text it reads', () => {
    const values = caseFormValuesOf({
      id: '00000000-0000-4000-8000-000000000000',
      user_id: 'u',
      name: 'Acme',
      domain: 'acme.example',
      category: 'analytics',
      icp: '',
      competitors: ['Globex', 'Initech'],
      competitor_profiles: [
        { name: 'Globex', domain: 'globex.example', aliases: ['GX'] },
        { name: 'Initech', domain: null, aliases: [] },
      ],
      competitor_domains: {},
      use_cases: [],
      region: '',
      languages: ['en'],
      fact_sheet: { pricing: '$29' },
      translations: {},
      aliases: [],
      status: 'active',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      latest_score: null,
      last_run_at: null,
    });
    expect(values.competitors).toBe('Globex | globex.example | GX\nInitech');
    expect(caseBodyOf(CaseFormSchema.parse(values)).competitors).toEqual([
      { name: 'Globex', domain: 'globex.example', aliases: ['GX'] },
      'Initech',
    ]);
  });
});

describe('webhook forms', () => {
  it('send events only when the form carried the checkboxes, so none ticked is a choice', () => {
    expect(webhookChanges({ events: [], active: 'false' })).toEqual({ active: false });
    expect(webhookChanges({ events: [], events_present: '1', label: 'x' })).toEqual({
      events: [],
      label: 'x',
    });
  });
});

describe('CSV cells', () => {
  it('quote what needs quoting and never start with a formula', () => {
    expect(csvCell('example.com')).toBe('example.com');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
  });
});

describe('charts', () => {
  it('draw bars with interval whiskers and give the same numbers as text', () => {
    const html = barChart({
      id: 'c',
      title: 'Share <of> answer',
      description: 'Acme 40%',
      bars: [
        { label: 'Acme', value: 0.4, lower: 0.3, upper: 0.5, highlight: true },
        { label: '<script>', value: 0.1 },
      ],
      max: 1,
      format: (value) => `${Math.round(value * 100)}%`,
      valueLabel: 'Share',
    }).toString();
    expect(html).toContain('role="img"');
    expect(html).toContain('<desc id="c-desc">Acme 40%</desc>');
    expect(html).toContain('<td class="num">30% – 50%</td>');
    expect(html).toContain('Acme (you)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Share &lt;of&gt; answer');
  });

  it('draw nothing without data, and one point per finished run', () => {
    expect(lineChart({ id: 'l', title: 't', description: 'd', points: [] }).toString()).toBe('');
    const html = lineChart({
      id: 'l',
      title: 'Score over time',
      description: 'd',
      points: [
        { label: 'May', value: 40 },
        { label: 'June', value: 55 },
      ],
    }).toString();
    expect(html.match(/<circle /g)).toHaveLength(2);
    expect(html).toContain('<th scope="row">June</th><td class="num">55</td>');
  });
});

describe('the daily hits chart', () => {
  it('reads one day as one day: a single label under its column', () => {
    const svg = dailyHitsChart([
      { day: '2026-11-24', agent: 'GPTBot', hits: 3 },
      { day: '2026-11-24', agent: 'ClaudeBot', hits: 2 },
    ] as never).toString();
    expect(svg.match(/>2026-11-24</g)).toHaveLength(2);
    expect(svg).toContain('text-anchor="middle" font-size="12" fill="#1b1b1b">2026-11-24</text>');
    expect(svg).toContain('Requests of AI agents on 2026-11-24');
  });
});

describe('the page frame', () => {
  it('admits exactly its own inline style and script', () => {
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    const page = dashboardLayout({ title: 'T', body: html`<p>x</p>` }).toString();
    expect(page).toContain('<main id="content" tabindex="-1">');
    expect(page).toContain('<a class="skip" href="#content">Skip to content</a>');
  });
});
