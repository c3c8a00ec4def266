/**
 * The answers page's filters as the address gives them (issue 36 point 7): each is checked on
 * its own against the list's own schema (`list_run_answers`, `ListAnswersQuerySchema`), so one
 * the list does not take is left out with a message for its control, and the page still shows
 * the run's answers with the others, never an error page or the validator's words.
 */
import { ListAnswersQuerySchema } from '#shared/domain/monitor/run-schemas';

/** What a person reads at a filter the list cannot use. */
const REFUSED: Readonly<Record<string, string>> = {
  family: 'Choose a model family from the list.',
  mode: 'Choose with or without web search.',
  block: 'Choose a prompt block, A to D.',
  mentioned: 'Choose whether the answers name the brand.',
  citation_category: 'Choose a kind of site from the list.',
  prompt_id: 'A prompt is named by its id, such as A1 (at most 40 characters).',
  entity: 'Give the name of the brand or a tracked competitor (at most 200 characters).',
  cited_domain: 'Give a domain such as example.com.',
  cursor: 'That page link is out of date: the first page is shown.',
  format: 'An export is csv or jsonl.',
};

export interface ReadFilters {
  /** The filters the list takes, as given. */
  accepted: Record<string, string>;
  /** The ones it does not, each with the message for its control. */
  refused: Record<string, string>;
}

/** Splits the given filters (empty ones dropped) into those the list takes and those it does not. */
export function readFilters(given: Readonly<Record<string, string | undefined>>): ReadFilters {
  const accepted: Record<string, string> = {};
  const refused: Record<string, string> = {};
  const shape = ListAnswersQuerySchema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >;
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || value === '') continue;
    const field = shape[name];
    if (field?.safeParse(value).success) accepted[name] = value;
    else refused[name] = REFUSED[name] ?? 'This filter is not one the list knows.';
  }
  return { accepted, refused };
}
