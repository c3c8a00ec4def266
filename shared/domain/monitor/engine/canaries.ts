/**
 * The canary prompts (docs/monitor.md "Canaries"): a small control set that belongs to the
 * service, not to any case. Every run asks the first MONITOR_CANARY_PROMPTS of them once per
 * family and mode, beside the case's own prompts. They are brand-neutral questions whose right
 * answers do not move (long-established public facts and a fixed set of control brands), so when
 * their answers move from one run to the next it is the engine that changed, not the market or
 * the brand. They are judged like any answer, against the control brands, and never counted in a
 * case's scores. Changing a question's wording changes what is compared: bump the version.
 */
import type { CaseProfile, PromptCell } from './types.ts';

/** The control set's version; a run's drift is only computed against the same version. */
export const CANARY_SET_VERSION = 'canary-v1';

/** Prompt ids of the control set; no case prompt id has this prefix. */
const CANARY_PREFIX = 'canary-';

/** One control question: what a stable engine names and cites when it answers it. */
export interface CanaryPrompt {
  prompt_id: string;
  prompt: string;
  /** The control brands a correct answer names (the simulator answers with them). */
  control: string[];
  /** Reference sites a searching answer usually cites. */
  references: string[];
}

const canary = (
  n: number,
  prompt: string,
  control: string[],
  references: string[],
): CanaryPrompt => ({
  prompt_id: `${CANARY_PREFIX}${String(n).padStart(2, '0')}`,
  prompt,
  control,
  references,
});

/** In the order they are taken: a run with n canaries asks the first n. */
export const CANARY_PROMPTS: readonly CanaryPrompt[] = [
  canary(
    1,
    'Which companies make the most widely used web browsers?',
    ['Google', 'Apple', 'Microsoft', 'Mozilla'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    2,
    'Which companies make the most widely used desktop operating systems?',
    ['Microsoft', 'Apple', 'Google'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    3,
    'Who invented the World Wide Web, and at which organisation was it developed?',
    ['CERN', 'W3C'],
    ['en.wikipedia.org', 'w3.org'],
  ),
  canary(
    4,
    'Which companies are the largest makers of computer processors?',
    ['Intel', 'AMD', 'Apple'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    5,
    'Which companies make the best-known office software suites?',
    ['Microsoft', 'Google', 'Apple'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    6,
    'Which organisations maintain the main technical standards of the web?',
    ['W3C', 'IETF', 'Mozilla'],
    ['w3.org', 'ietf.org'],
  ),
  canary(
    7,
    'Which companies make the most popular smartphone operating systems?',
    ['Google', 'Apple'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    8,
    'Which companies make the best-known relational database systems?',
    ['Oracle', 'Microsoft', 'IBM'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    9,
    'Which carmakers sell the most cars worldwide?',
    ['Toyota', 'Volkswagen'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    10,
    'Which companies built the most widely used web search engines?',
    ['Google', 'Microsoft'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    11,
    'Which company sold the first personal computer that offices bought in large numbers, and when?',
    ['IBM', 'Microsoft', 'Intel'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
  canary(
    12,
    'What is the largest free online encyclopedia, and which organisation runs it?',
    ['Wikipedia'],
    ['en.wikipedia.org', 'britannica.com'],
  ),
];

const CONTROL_BRANDS: readonly { name: string; domain: string }[] = [
  { name: 'Microsoft', domain: 'microsoft.com' },
  { name: 'Apple', domain: 'apple.com' },
  { name: 'Google', domain: 'google.com' },
  { name: 'Mozilla', domain: 'mozilla.org' },
  { name: 'IBM', domain: 'ibm.com' },
  { name: 'Intel', domain: 'intel.com' },
  { name: 'AMD', domain: 'amd.com' },
  { name: 'Oracle', domain: 'oracle.com' },
  { name: 'Toyota', domain: 'toyota.com' },
  { name: 'Volkswagen', domain: 'volkswagen.com' },
  { name: 'CERN', domain: 'cern.ch' },
  { name: 'W3C', domain: 'w3.org' },
  { name: 'IETF', domain: 'ietf.org' },
  { name: 'Wikipedia', domain: 'wikipedia.org' },
];

/**
 * The control brands as the measurement and the judge read a case: the first as its "brand", the
 * others as "competitors". The roles mean nothing here; every name is compared alike.
 */
export const CANARY_PROFILE: CaseProfile = {
  id: 'canary-control-set',
  name: CONTROL_BRANDS[0]?.name ?? 'Microsoft',
  domain: CONTROL_BRANDS[0]?.domain ?? 'microsoft.com',
  aliases: [],
  category: 'well-known technology companies and organisations',
  icp: '',
  competitors: CONTROL_BRANDS.slice(1).map((brand) => ({ ...brand, aliases: [] })),
  use_cases: [],
  region: '',
  languages: ['en'],
  fact_sheet: {},
};

/** True for the cells and prompt ids of the control set. */
export function isCanary(promptOrCellId: string): boolean {
  return promptOrCellId.startsWith(CANARY_PREFIX);
}

/**
 * The canary cells of a run asking `count` of them: each asked once (repeat 1) in English. They
 * carry block A (a question that names no case brand) only because every cell has a block; no
 * score reads them.
 */
export function canaryCells(count: number): PromptCell[] {
  return CANARY_PROMPTS.slice(0, Math.max(0, count)).map((item) => ({
    id: `${item.prompt_id}-en-r1`,
    block: 'A',
    prompt_id: item.prompt_id,
    prompt: item.prompt,
    language: 'en',
    repeat: 1,
    branded: false,
  }));
}
