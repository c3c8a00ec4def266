import { describe, expect, it } from 'vitest';
import { editsFromList, type PromptListItem } from '#shared/domain/monitor/engine/prompt-edits';
import { buildPromptSet, casePrompts } from '#shared/domain/monitor/engine/prompt-set';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import { PROFILE } from './builders.ts';

const PER_BLOCK = 3;
const CASE: CaseProfile = { ...PROFILE, languages: ['en', 'de'] };

/** The list as GET shows it, as a client would send it back. */
function listed(profile: CaseProfile): PromptListItem[] {
  return casePrompts(profile, PER_BLOCK).map((p) => ({
    id: p.id,
    text: p.text,
    language: p.language,
    block: p.block,
    enabled: p.enabled,
  }));
}

function applied(profile: CaseProfile, items: PromptListItem[]): CaseProfile {
  const result = editsFromList(profile, items, PER_BLOCK);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { ...profile, prompt_edits: result.edits };
}

describe('editsFromList', () => {
  it('changes nothing when the list comes back as it was read', () => {
    const again = applied(CASE, listed(CASE));

    expect(casePrompts(again, PER_BLOCK)).toEqual(casePrompts(CASE, PER_BLOCK));
    expect(buildPromptSet(again, { promptsPerBlock: PER_BLOCK }).version).toBe(
      buildPromptSet(CASE, { promptsPerBlock: PER_BLOCK }).version,
    );
  });

  it('disables, rewords and adds prompts, and the run asks exactly the enabled ones', () => {
    const items = listed(CASE);
    const [first, second] = items;
    if (!first || !second) throw new Error('no prompts');
    first.enabled = false;
    second.text = 'Which analytics tool do product managers at small startups like best?';
    items.push({ text: 'Welches Analyse-Tool empfehlen Gründer?', language: 'de', block: 'A' });
    const edited = applied(CASE, items);
    const prompts = casePrompts(edited, PER_BLOCK);
    const set = buildPromptSet(edited, { promptsPerBlock: PER_BLOCK, repeats: 1 });

    expect(prompts.find((p) => p.id === first.id)).toMatchObject({
      enabled: false,
      source: 'generated',
    });
    expect(prompts.find((p) => p.id === second.id)).toMatchObject({
      enabled: true,
      source: 'custom',
      text: second.text,
      generated_text: expect.stringContaining('product analytics'),
    });
    const own = prompts.find((p) => p.text === 'Welches Analyse-Tool empfehlen Gründer?');
    expect(own).toMatchObject({ language: 'de', block: 'A', source: 'custom', enabled: true });
    expect(own?.id).toMatch(/^custom-[0-9a-f]{6}-de$/);
    expect(set.cells.map((c) => c.prompt)).toEqual(
      prompts.filter((p) => p.enabled).map((p) => p.text),
    );
    expect(set.version).not.toBe(buildPromptSet(CASE, { promptsPerBlock: PER_BLOCK }).version);
  });

  it('switches off a generated prompt left out of the list, and deletes an own one', () => {
    const withOwn = applied(CASE, [...listed(CASE), { text: 'Is Acme Analytics GDPR-ready?' }]);
    const own = casePrompts(withOwn, PER_BLOCK).find((p) => p.source === 'custom');
    expect(own).toMatchObject({ block: 'B', branded: true, language: 'en' });
    const items = listed(withOwn).filter((item) => item.id !== own?.id);
    const dropped = items.shift();
    const after = casePrompts(applied(withOwn, items), PER_BLOCK);

    expect(after.find((p) => p.id === dropped?.id)?.enabled).toBe(false);
    expect(after.some((p) => p.id === own?.id)).toBe(false);
  });

  it('keeps an edit when the case changes around the prompt', () => {
    const items = listed(CASE);
    const target = items.find((item) => item.id === 'A1-en');
    if (!target) throw new Error('no A1');
    target.text = 'Which analytics vendor suits a small SaaS team best?';
    const edited = applied(CASE, items);
    const changed = { ...edited, icp: 'retailers', region: 'Austria' };

    expect(casePrompts(changed, PER_BLOCK).find((p) => p.id === 'A1-en')?.text).toBe(target.text);
  });

  it.each<[string, (items: PromptListItem[]) => PromptListItem[], RegExp, (string | number)[]]>([
    [
      'an unknown id',
      (items) => [...items, { id: 'Z9-en', text: 'x' }],
      /no prompt "Z9-en"/,
      ['prompts', 0, 'id'],
    ],
    [
      'an id twice',
      (items) => [...items, { ...(items[0] as PromptListItem) }],
      /listed twice/,
      ['prompts', 0, 'id'],
    ],
    [
      'a language the case does not have',
      (items) => [...items, { text: 'Quale strumento?', language: 'it' }],
      /case's languages: en, de/,
      ['prompts', 0, 'language'],
    ],
    [
      'a new language for a generated prompt',
      (items) => items.map((item, i) => (i === 0 ? { ...item, language: 'de' } : item)),
      /cannot change/,
      ['prompts', 0, 'language'],
    ],
    [
      'the same words asked twice',
      (items) => [...items, { text: (items[0] as PromptListItem).text }],
      /the same words as prompt 1/,
      ['prompts', 0, 'text'],
    ],
    [
      'nothing enabled',
      (items) => items.map((item) => ({ ...item, enabled: false })),
      /at least one prompt/,
      ['prompts'],
    ],
  ])('refuses %s, naming the entry', (_name, change, message, path) => {
    const items = change(listed(CASE));
    const result = editsFromList(CASE, items, PER_BLOCK);

    expect(result.ok).toBe(false);
    const problem = result.ok ? undefined : result.problems[0];
    expect(problem?.message).toMatch(message);
    expect(problem?.path.length).toBe(path.length);
    expect(problem?.path[0]).toBe('prompts');
  });
});
