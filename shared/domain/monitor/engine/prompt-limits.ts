/**
 * How large a run's prompt set may be, apart from the prompt builder (prompts.ts) so that the
 * monitor's settings (../config.ts), which every function's configuration parses, and the route
 * schemas bundle these numbers and not the prompt templates and the mention matcher behind them.
 *
 * 13 prompts per block give up to 52 distinct prompts, the ">= 50 prompts" floor of a
 * directional read (docs/monitor.md "Configuration", docs/decisions.md); block B can have fewer when the fact sheet is short.
 * 3 repeats per cell is the low end of the 3-5 that the field uses.
 */
export const DEFAULT_PROMPTS_PER_BLOCK = 13;
export const DEFAULT_REPEATS = 3;
export const MAX_PROMPTS_PER_BLOCK = 100;
export const MAX_REPEATS = 10;
/**
 * Canary prompts per family and mode: 6 asked once in both modes of 4 families are 48 calls and
 * 6 judge calls, about 4.4 % of a default run's calls (docs/monitor.md "Canaries"); the control
 * set holds 12.
 */
export const DEFAULT_CANARY_PROMPTS = 6;
export const MAX_CANARY_PROMPTS = 12;

/** At most this many prompts of the customer's own per case (docs/monitor.md "Prompts"). */
export const MAX_CUSTOM_PROMPTS = 100;
