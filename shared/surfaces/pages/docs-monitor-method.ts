/**
 * `/docs#monitor-method`: how the AI answer monitor measures, in plain words, with one worked
 * example whose numbers are computed here by the engine's own functions (so the page cannot
 * drift from the code): a rate with its Wilson interval, the design effect of repeats, the
 * minimum detectable effect that `summary.methodology` reports, and when a change counts. Then
 * the canaries, the causes of `summary.changes` and the verdicts of the fixes route. The same text
 * serves the HTML page and its markdown twin.
 */
import { DRIFT_NOISE_FLOOR } from '#shared/domain/monitor/engine/canary-drift';
import { minimumDetectableEffect } from '#shared/domain/monitor/engine/methodology';
import { newcombeDifference, wilson } from '#shared/domain/monitor/engine/statistics';
import { type Html, html, inlineCode, joinHtml } from '#shared/surfaces/http/html';

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const points = (value: number) => `${(value * 100).toFixed(1)} points`;

/** The worked example: 120 of 400 unbranded answers name the brand; the next run 138 of 400. */
function example() {
  const answers = 400;
  // Three repeats of each prompt in each family and mode resemble each other: the clustered
  // interval of a default run counts them as about 260 independent answers.
  const effective = 260;
  const first = wilson(120, answers, effective);
  const second = wilson(138, answers, effective);
  const change = newcombeDifference(second, first);
  return { answers, effective, first, second, change, mde: minimumDetectableEffect(first) };
}

/** The section's paragraphs, each a plain sentence or list of them (no markup inside). */
function paragraphs(): { heading?: string; text?: string; items?: string[] }[] {
  const e = example();
  return [
    {
      text: 'A run asks every model family the same questions about your market, without web search (raw) and with it (online), each question several times (repeats), and measures every answer. Each figure is a share of answers, so it comes with a 95 % Wilson interval: the range the true value lies in, given this many answers. `summary.methodology` states the sample behind the figures of each run: the interval method and its confidence, the repeats, the families counted, the answers per family, and the minimum detectable effect.',
    },
    { heading: 'A worked example' },
    {
      items: [
        `The brand is named in 120 of ${e.answers} answers to questions that do not name it: ${pct(e.first.value)}.`,
        `Repeats of one question resemble each other, so the ${e.answers} answers weigh like about ${e.effective} independent ones (the design effect of the repeats). The 95 % Wilson interval is ${pct(e.first.lower)} to ${pct(e.first.upper)}.`,
        `The minimum detectable effect is the smallest change that another run of the same size would find 80 % of the time at 95 % confidence: (1.96 + 0.84) × √(2 p (1 − p) / n) with p the centre of the interval and n the ${e.effective} effective answers, here ${points(e.mde)}. A smaller move can be real, but one run cannot tell it from chance.`,
        `The next run names the brand in 138 of ${e.answers} answers: ${pct(e.second.value)}, up ${points(e.change.difference)}. The 95 % interval of that change (Newcombe's) runs from ${points(e.change.lower)} to ${points(e.change.upper)}; it ${e.change.within_noise ? 'covers 0, so the move stays within the noise band and is not listed as a change' : 'does not cover 0, so the move is listed as a change'}.`,
      ],
    },
    { heading: 'Canaries' },
    {
      text: `Every run also asks each family, in both modes, a few fixed control questions about long-established facts and well-known companies (MONITOR_CANARY_PROMPTS, default 6). They belong to the service, never count in your scores, and are judged like any answer. Their answers are compared with the previous run's: which control companies they name, which sites they cite and how long they are. The share of those features that moved is the canary drift, with its interval; when the whole interval lies above ${pct(DRIFT_NOISE_FLOOR)}, that family's engine has changed even if its model id has not. Each run shows them as run.canary.`,
    },
    { heading: 'Every change has a cause' },
    {
      text: "`summary.changes` lists every figure that moved beyond its noise band since the previous comparable run (same questions, families, competitors and scoring): the total score, each brand's share of answer, your own citation rate and each family's mention rate. Each gets exactly one cause, tried in this order:",
    },
    {
      items: [
        'engine: a family served other model ids, or its canaries drifted; a figure of all families is the engine’s when it no longer moves without the changed families.',
        'competitors: on the questions where your own answers stayed stable, the competitors were named more (or less) often, against your share; this must clear a stricter interval (about 99.9 %), so chance rarely names it.',
        'own_site: a scan of your domain made between the two runs found a check answer engines read (AI crawler access, llms.txt, structured data, markdown) newly passing for a figure that rose, or newly failing for one that fell.',
        'unexplained: none of these. The monitor never guesses.',
      ],
    },
    {
      text: 'Each change lists its evidence: the model ids, the canary figures, the scan and check ids. The run.completed and score.changed events carry the causes too.',
    },
    { heading: 'Did the fix pay off?' },
    {
      text: 'GET /api/v1/cases/{id}/fixes finds each check of your site that went from failing (or partial) to passing in its scans, dated by the first passing scan, and compares the runs before and after it (up to three each) on share of answer, own citation rate and mention rate per family. The competitors’ same figures are the control: a change they show too is the market’s. The verdict is improved or worse when share of answer or the own citation rate moved net of the control; too_early with fewer than two runs after the fix or too few answers to see a 20-point change; no_change otherwise, and always when the engine changed between the two sides.',
    },
  ];
}

export function monitorMethodSection(): Html {
  const parts = paragraphs().map((part) => {
    if (part.heading) return html`<h3>${part.heading}</h3>`;
    if (part.items)
      return html`<ul>${part.items.map((item) => html`<li>${inlineCode(item)}</li>`)}</ul>`;
    return html`<p>${inlineCode(part.text ?? '')}</p>`;
  });
  return html`<h2 id="monitor-method">How the monitor measures</h2>\n${joinHtml(parts, '\n')}`;
}

export function monitorMethodMarkdown(): string[] {
  return [
    '## How the monitor measures',
    '',
    ...paragraphs().flatMap((part) => {
      if (part.heading) return [`### ${part.heading}`, ''];
      if (part.items) return [...part.items.map((item) => `- ${item}`), ''];
      return [part.text ?? '', ''];
    }),
  ];
}
