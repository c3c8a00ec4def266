/**
 * A hostile provider, for tests of what the service keeps from an answer (issue 36 point 3):
 * with SIMULATOR_HOSTILE_CITATIONS=1 every web-search answer (not the judge's) also cites a
 * `javascript:` and a `data:` URL under markup-laden titles, as a compromised or careless
 * provider could. The service must keep neither: not in the API, not in an `href`.
 */
import type { SimulatedAnswer, SimulatedSource } from './answer.ts';

/** The hostile sources every online answer cites. */
export const HOSTILE_SOURCES: readonly SimulatedSource[] = [
  {
    url: 'javascript:alert(document.cookie)//https://evil.example/',
    title: '<img src=x onerror=alert(1)>Evil',
    domain: 'evil.example',
    snippet: 'Click here.',
  },
  {
    url: 'data:text/html,<script>alert(1)</script>',
    title: 'Data',
    domain: 'data.example',
    snippet: 'Inline.',
  },
];

/** The answer with the hostile sources cited by its first sentence. */
export function withHostileCitations(answer: SimulatedAnswer): SimulatedAnswer {
  const first = answer.sources.length;
  const sources = [...answer.sources, ...HOSTILE_SOURCES];
  const indexes = HOSTILE_SOURCES.map((_, index) => first + index);
  const [head, ...rest] = answer.sentences;
  const sentences = head
    ? [{ ...head, sources: [...head.sources, ...indexes] }, ...rest]
    : [{ text: 'See these.', sources: indexes }];
  return { ...answer, sources, sentences };
}
