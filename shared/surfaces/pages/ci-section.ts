/**
 * The `#ci` and `#findings` sections of the docs page (issue 38, point 6): the CI gate (the
 * workflow file with the Action, the exit codes, a baseline kept in the repository, a local build
 * checked before deploy) and every finding id of the registry, by check. Also as markdown.
 */
import { listFindingTypes } from '#shared/domain/scan-engine/finding-types';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';

/** The workflow file the docs and the client README show (a test keeps them the same). */
export const WORKFLOW_EXAMPLE = `name: Agent readiness
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
  pull-requests: write
jobs:
  before-deploy:
    # The site as this commit builds it, served on the runner: no service, no key.
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci && npm run build
      - run: npx --yes http-server dist -p 8080 -a 127.0.0.1 &
      - uses: OWNER/REPO@v1 # the repository with action.yml at its root
        with:
          domain: http://127.0.0.1:8080
          local: true
          baseline: .agent-readiness/baseline.json
          fail-on: regression
          comment: true
  after-deploy:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: OWNER/REPO@v1
        with:
          domain: example.com
          base-url: https://api.example.com
          api-key: \${{ secrets.AGENT_READINESS_KEY }}
          min-score: 80
          soft-fail: true
`;

const EXIT_CODES: ReadonlyArray<[string, string]> = [
  ['0', 'the gate passed'],
  [
    '1',
    'the gate failed: the score is under --min-score, or with --fail-on a warn or bad finding, or a regression against the baseline (a warn or bad finding id the baseline did not have or had as good, or a finding of a check whose state got worse), each named by its finding id',
  ],
  [
    '2',
    'a usage error, or the service could not answer (or the local scan could not run); --soft-fail turns it into 0 with a warning, so a deploy is not blocked because the scanner is down',
  ],
];

const BASELINE = `agent-readiness scan http://127.0.0.1:8080 --local --format json --output .agent-readiness/baseline.json
git add .agent-readiness/baseline.json`;

export function ciSection(): Html {
  return html`<h2 id="ci">The CI gate</h2>
<p><code>agent-readiness</code>, the command of the client package (<code>npx agent-readiness</code> in a checkout of this
repository after <code>npm ci</code>), scans a site and gates on it:
<code>agent-readiness scan &lt;domain|url&gt; [--base-url URL] [--key KEY] [--min-score N] [--baseline FILE|SCAN_ID]
[--fail-on regression|warn|bad] [--format text|json|markdown|sarif|junit] [--output FILE] [--soft-fail] [--local]</code>.
The key also comes from <code>AGENT_READINESS_KEY</code>, the address from <code>AGENT_READINESS_URL</code>.
<code>json</code> is the scan as the API returns it (a later <code>--baseline</code>), <code>markdown</code> a pull request comment,
<code>sarif</code> SARIF 2.1.0 with each finding id as a <code>ruleId</code>, <code>junit</code> a test case per check.</p>
<table><thead><tr><th>Exit code</th><th>Meaning</th></tr></thead>
<tbody>${EXIT_CODES.map(([code, meaning]) => html`<tr><th scope="row">${code}</th><td>${meaning}</td></tr>`)}</tbody></table>
<h3 id="ci-workflow">A workflow with the Action</h3>
<p><code>action.yml</code> at the repository's root runs the CLI (inputs <code>domain</code>, <code>min-score</code>,
<code>baseline</code>, <code>fail-on</code>, <code>api-key</code>, <code>base-url</code>, <code>local</code>, <code>soft-fail</code>, and
<code>comment</code>), writes the markdown report to the job summary and, on a pull request, can post it as a comment.
The first job checks the local build before it is deployed, the second the live site after.</p>
<pre tabindex="0"><code>${WORKFLOW_EXAMPLE}</code></pre>
<h3 id="ci-baseline">A baseline kept in the repository</h3>
<p>Save a scan you are content with and commit it; <code>--fail-on regression</code> then fails a change that makes a finding
worse, and names it. Save it again when you accept a new state.</p>
<pre tabindex="0"><code>${BASELINE}</code></pre>
<h3 id="ci-local">A local build checked before deploy</h3>
<p><code>--local</code> runs the scan engine in the CLI's process against a site on your machine or the CI job's runner
(private addresses and any port allowed): the same checks and the same score the service gives, without a key
or the service. Checks that need the public web (third-party profiles, Wikidata) count as they would for a
private address.</p>`;
}

/** Every finding id, by check (`#findings`). */
export function findingsSection(): Html {
  const types = listFindingTypes();
  const checks = [...new Set(types.map((type) => type.check))];
  const tables = checks.map((check) => {
    const rows = types
      .filter((type) => type.check === check)
      .map(
        (type) =>
          html`<tr id="finding-${type.id}"><td><code>${type.id}</code></td><td>${type.title}</td><td>${type.fix}</td></tr>`,
      );
    return html`<details><summary><code>${check}</code> (${rows.length} ids)</summary>
<table><thead><tr><th>Id</th><th>Condition</th><th>Fix</th></tr></thead><tbody>${joinHtml(rows, '\n')}</tbody></table></details>`;
  });
  return html`<h2 id="findings">Finding ids</h2>
<p>Every finding carries an <code>id</code>, <code>&lt;check&gt;.&lt;slug&gt;</code>: the same for the same condition on every scan and
every site, so it can be tracked, gated, diffed and verified. An id keeps its meaning at the
<code>scoring_version</code> it came with; a change of meaning is a new id and an entry in the <a href="#drift">drift log</a>.
<code>GET /api/v1/finding-types</code> lists them with their standard.</p>
${joinHtml(tables, '\n')}`;
}

/** The same two sections as markdown. */
export function ciMarkdown(): string {
  const types = listFindingTypes();
  return [
    '## The CI gate',
    '',
    '`agent-readiness scan <domain|url> [--base-url URL] [--key KEY] [--min-score N] [--baseline FILE|SCAN_ID] [--fail-on regression|warn|bad] [--format text|json|markdown|sarif|junit] [--output FILE] [--soft-fail] [--local]`',
    '',
    ...EXIT_CODES.map(([code, meaning]) => `- Exit ${code}: ${meaning}.`),
    '',
    'A workflow with the Action (`action.yml` at the repository root):',
    '',
    '```yaml',
    WORKFLOW_EXAMPLE.trimEnd(),
    '```',
    '',
    'A baseline kept in the repository:',
    '',
    '```sh',
    BASELINE,
    '```',
    '',
    '## Finding ids',
    '',
    '| Id | Condition | Fix |',
    '|---|---|---|',
    ...types.map(
      (type) => `| \`${type.id}\` | ${type.title} | ${type.fix.replace(/\|/g, '\\|')} |`,
    ),
  ].join('\n');
}
