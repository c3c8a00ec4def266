/**
 * A case's prompts (additions, docs/monitor.md "Prompts"): `get_case_prompts` shows exactly what
 * the next run asks, `set_case_prompts` takes the list back with prompts switched off, reworded
 * or added. The list is built by the same function the run's PrepareRun step uses
 * (`buildPromptSet` over the case as it is, with the same prompts per block), so what is shown
 * is what is asked; a run started later takes a snapshot of the case, edits included.
 */
import { auditEvent } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';
import { BadRequestError, ConflictError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, ownCase, readableCase } from './access.ts';
import { editsFromList } from './engine/prompt-edits.ts';
import { DEFAULT_PROMPTS_PER_BLOCK, DEFAULT_REPEATS } from './engine/prompt-limits.ts';
import { buildPromptSet } from './engine/prompt-set.ts';
import { caseLanguages, fieldsIn, templateLanguageOf } from './engine/prompts.ts';
import type { CaseProfile } from './engine/types.ts';
import { toCaseProfile } from './profile.ts';
import type { CasePromptsResponse, PutCasePromptsBody } from './prompt-schemas.ts';
import { caseRefOf } from './run-ref.ts';
import type { CaseIdParams } from './schemas.ts';

/** How runs are planned (MONITOR_PROMPTS_PER_BLOCK, MONITOR_REPEATS). */
export interface PromptPlan {
  promptsPerBlock: number;
  repeats: number;
}

export interface PromptPlanDeps {
  /** Absent: the defaults, as the configuration has them when nothing is set. */
  promptPlan?: PromptPlan;
}

export interface PromptDeps extends AccessDeps, PromptPlanDeps {
  clock: Clock;
}

export function planOf(deps: PromptPlanDeps): PromptPlan {
  return (
    deps.promptPlan ?? { promptsPerBlock: DEFAULT_PROMPTS_PER_BLOCK, repeats: DEFAULT_REPEATS }
  );
}

export async function getCasePrompts(
  input: CallerInput<CaseIdParams>,
  deps: PromptDeps,
): Promise<CasePromptsResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  return promptsView(toCaseProfile(stored), planOf(deps));
}

export async function setCasePrompts(
  input: CallerInput<CaseIdParams, undefined, PutCasePromptsBody>,
  deps: PromptDeps,
): Promise<CasePromptsResponse> {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const plan = planOf(deps);
  const profile = toCaseProfile(stored);
  const sentVersion = input.body.prompt_set_version;
  if (sentVersion !== undefined && sentVersion !== buildPromptSet(profile, plan).version) {
    throw new ConflictError(
      'prompt_set_changed',
      'The prompts of this case changed since that version was read: read them again and ' +
        'make your changes on the current list.',
    );
  }
  const result = editsFromList(profile, input.body.prompts, plan.promptsPerBlock);
  if (!result.ok) {
    throw new BadRequestError(
      'invalid_request',
      `Invalid prompts: ${result.problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}.`,
      { details: { issues: result.problems } },
    );
  }
  const at = deps.clock.now().toISOString();
  const changes = { prompt_edits: result.edits };
  const audit = auditEvent(
    input.principal,
    'prompts.updated',
    { type: 'case', id: stored.id },
    { prompts: input.body.prompts.length },
    deps.clock,
  );
  const updated = await deps.cases.updateCase(caseRefOf(stored), changes, at, [audit]);
  return promptsView(toCaseProfile(updated ?? { ...stored, ...changes }), plan);
}

/** The list, its version and what is missing, as both routes answer it. */
export function promptsView(profile: CaseProfile, plan: PromptPlan): CasePromptsResponse {
  const set = buildPromptSet(profile, plan);
  return {
    prompts: set.prompts.map((prompt) => ({
      id: prompt.id,
      text: prompt.text,
      language: prompt.language,
      block: prompt.block,
      enabled: prompt.enabled,
      source: prompt.source,
      prompt_id: prompt.prompt_id,
      branded: prompt.branded,
      generated_text: prompt.generated_text,
    })),
    prompt_set_version: set.version,
    repeats: plan.repeats,
    notes: promptNotes(profile, set.cells.length),
  };
}

const FIELD_NAMES = {
  category: 'category',
  icp: 'ideal customer',
  region: 'region',
  use_cases: 'use cases',
} as const;

/** Languages whose prompts are incomplete and why: the case page and the API say it alike. */
export function promptNotes(profile: CaseProfile, cells: number): string[] {
  const notes: string[] = [];
  caseLanguages(profile).forEach((language, index) => {
    if (!templateLanguageOf(language)) {
      notes.push(
        `No prompts are generated in ${language}: the templates are written in en, de, fr ` +
          `and es. Add your own prompts in ${language}.`,
      );
      return;
    }
    if (index === 0) return;
    const fields = fieldsIn(profile, language);
    const missing = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter(
      (name) => fields[name].length === 0,
    );
    if (missing.length === 0) return;
    const names = missing.map((name) => FIELD_NAMES[name]);
    const listed =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
    notes.push(
      `${language}: the case has no ${listed} in ${language} (translations), so the questions ` +
        `that need ${names.length > 1 ? 'them' : 'it'} are not asked in ${language}.`,
    );
  });
  if (cells === 0) notes.push('No prompt is enabled: a run would ask nothing.');
  return notes;
}
