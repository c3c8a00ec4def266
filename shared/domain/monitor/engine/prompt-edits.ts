/**
 * Turning the prompt list a customer sends (`PUT /api/v1/cases/{id}/prompts`, the case page's
 * prompt form) into the edits stored on the case (docs/monitor.md "Prompts"). The list is the
 * whole prompt set: a generated prompt sent with other words is reworded, one sent with
 * `enabled: false` or left out is switched off (a generated prompt is never deleted, so the
 * case page can switch it on again); a prompt sent without an id is the customer's own, and an
 * own prompt left out is deleted. Every problem is reported at once with its place in the list.
 */
import { sha256Hex } from '#shared/domain/kernel/hash';
import { detectMentions } from './mentions.ts';
import { MAX_CUSTOM_PROMPTS } from './prompt-limits.ts';
import { casePrompts } from './prompt-set.ts';
import { type CasePrompt, caseLanguages, generatedPrompts } from './prompts.ts';
import type { CaseProfile, CustomPrompt, PromptBlock, PromptEdits } from './types.ts';

/** One entry of the list as sent. */
export interface PromptListItem {
  id?: string | undefined;
  text: string;
  language?: string | undefined;
  block?: PromptBlock | undefined;
  enabled?: boolean | undefined;
}

export interface ListProblem {
  path: (string | number)[];
  message: string;
}

export type EditsResult = { ok: true; edits: PromptEdits } | { ok: false; problems: ListProblem[] };

interface Draft {
  edits: PromptEdits;
  problems: ListProblem[];
  seen: Set<string>;
  /** `<language>\0<text>` of every enabled prompt, to refuse asking one twice. */
  asked: Map<string, number>;
}

export function editsFromList(
  profile: CaseProfile,
  items: readonly PromptListItem[],
  perBlock: number,
): EditsResult {
  const generated = new Map(generatedPrompts(profile, perBlock).map((p) => [p.id, p]));
  const current = new Map(casePrompts(profile, perBlock).map((p) => [p.id, p]));
  const previous = profile.prompt_edits;
  const draft: Draft = {
    // Edits of prompts the case does not generate now (a competitor removed for a while) stay.
    edits: {
      disabled: (previous?.disabled ?? []).filter((id) => !generated.has(id)),
      rewritten: Object.fromEntries(
        Object.entries(previous?.rewritten ?? {}).filter(([id]) => !generated.has(id)),
      ),
      custom: [],
    },
    problems: [],
    seen: new Set(),
    asked: new Map(),
  };
  items.forEach((item, index) => {
    const found = item.id === undefined ? undefined : current.get(item.id);
    if (item.id === undefined) addOwn(profile, item, index, draft);
    else if (draft.seen.has(item.id)) problem(draft, index, 'id', 'this prompt is listed twice');
    else if (!found) {
      problem(draft, index, 'id', `no prompt "${item.id}" in this case (send new ones without id)`);
    } else {
      draft.seen.add(item.id);
      const base = generated.get(item.id);
      if (base) keepGenerated(base, item, index, draft);
      else keepOwn(found, item, index, draft);
    }
  });
  for (const id of generated.keys()) {
    if (!draft.seen.has(id)) draft.edits.disabled.push(id);
  }
  if (draft.edits.custom.length > MAX_CUSTOM_PROMPTS) {
    draft.problems.push({
      path: ['prompts'],
      message: `at most ${MAX_CUSTOM_PROMPTS} prompts of your own`,
    });
  }
  if (draft.asked.size === 0 && draft.problems.length === 0) {
    draft.problems.push({ path: ['prompts'], message: 'at least one prompt must be enabled' });
  }
  return draft.problems.length > 0
    ? { ok: false, problems: draft.problems }
    : { ok: true, edits: draft.edits };
}

function problem(draft: Draft, index: number, field: string, message: string): void {
  draft.problems.push({ path: ['prompts', index, field], message });
}

/** Records an enabled prompt; false (and a problem) when the same words are asked already. */
function ask(draft: Draft, index: number, language: string, text: string): boolean {
  const key = `${language.toLowerCase()}\u0000${text.normalize('NFKC').toLowerCase()}`;
  const first = draft.asked.get(key);
  if (first !== undefined) {
    problem(draft, index, 'text', `the same words as prompt ${first + 1}: a prompt is asked once`);
    return false;
  }
  draft.asked.set(key, index);
  return true;
}

function unchangeable(found: CasePrompt, item: PromptListItem, index: number, draft: Draft) {
  if (item.language !== undefined && item.language.toLowerCase() !== found.language.toLowerCase()) {
    problem(draft, index, 'language', 'the language of a prompt cannot change: add a new one');
    return true;
  }
  return false;
}

function keepGenerated(base: CasePrompt, item: PromptListItem, index: number, draft: Draft) {
  if (unchangeable(base, item, index, draft)) return;
  if (item.block !== undefined && item.block !== base.block) {
    problem(draft, index, 'block', 'the block of a generated prompt cannot change: add a new one');
    return;
  }
  const text = item.text.trim();
  if (text !== base.text) draft.edits.rewritten[base.id] = text;
  const enabled = item.enabled !== false;
  if (!enabled) draft.edits.disabled.push(base.id);
  else ask(draft, index, base.language, text);
}

function keepOwn(found: CasePrompt, item: PromptListItem, index: number, draft: Draft) {
  if (unchangeable(found, item, index, draft)) return;
  const text = item.text.trim();
  const enabled = item.enabled !== false;
  if (enabled && !ask(draft, index, found.language, text)) return;
  draft.edits.custom.push({
    prompt_id: found.prompt_id,
    language: found.language,
    block: item.block ?? found.block,
    text,
    enabled,
  });
}

function addOwn(profile: CaseProfile, item: PromptListItem, index: number, draft: Draft) {
  const languages = caseLanguages(profile);
  const wanted = item.language ?? languages[0] ?? 'en';
  const language = languages.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (!language) {
    problem(
      draft,
      index,
      'language',
      `must be one of the case's languages: ${languages.join(', ')}`,
    );
    return;
  }
  const text = item.text.trim();
  const enabled = item.enabled !== false;
  if (enabled && !ask(draft, index, language, text)) return;
  const hash = sha256Hex(`${language.toLowerCase()}\u0000${text}`).slice(0, 6);
  const custom: CustomPrompt = {
    prompt_id: `custom-${hash}`,
    language,
    block: item.block ?? (detectMentions(text, profile).detected ? 'B' : 'A'),
    text,
    enabled,
  };
  const id = `${custom.prompt_id}-${language}`;
  if (draft.seen.has(id)) {
    problem(draft, index, 'text', 'this prompt is listed twice');
    return;
  }
  draft.seen.add(id);
  draft.edits.custom.push(custom);
}
