/**
 * Which monitor case a prompt is about. The simulator builds every prompt a case's prompt set
 * can contain (the engine's own templates) and matches requests by exact text, so it knows the
 * block, whether the brand is named and which competitor the prompt names. Cases that share a
 * market can produce the same unbranded prompt; such a prompt matches all of them, and the
 * answer then covers all their companies (each at its own rate, so every case's measurement
 * stays exact).
 */
import { type CataloguePrompt, promptCatalogue } from '#shared/domain/monitor/engine/prompt-set';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';

/** Supplied by the local stack: the cases currently in the store. */
export type CaseSource = () => Promise<CaseProfile[]>;

export interface CaseMatch {
  profile: CaseProfile;
  prompt: CataloguePrompt;
}

// Cases change rarely and a run sends about a thousand prompts: re-read the store every few
// seconds, or at once when a prompt matches nothing (a case created a moment ago).
const REFRESH_MS = 5000;
const MISS_REFRESH_MS = 1000;

export class CaseIndex {
  readonly #source: CaseSource;
  readonly #now: () => number;
  #byPrompt = new Map<string, CaseMatch[]>();
  #catalogues = new Map<string, CataloguePrompt[]>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | null = null;

  constructor(source: CaseSource, now: () => number = Date.now) {
    this.#source = source;
    this.#now = now;
  }

  async lookup(prompt: string): Promise<CaseMatch[]> {
    const key = prompt.trim();
    if (this.#now() - this.#loadedAt > REFRESH_MS) await this.#refresh();
    const found = this.#byPrompt.get(key);
    if (found) return found;
    if (this.#now() - this.#loadedAt > MISS_REFRESH_MS) await this.#refresh();
    return this.#byPrompt.get(key) ?? [];
  }

  #refresh(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #load(): Promise<void> {
    let cases: CaseProfile[];
    try {
      cases = await this.#source();
    } catch {
      // The store being away must not take the simulator down: keep the last good index.
      this.#loadedAt = this.#now();
      return;
    }
    const byPrompt = new Map<string, CaseMatch[]>();
    const catalogues = new Map<string, CataloguePrompt[]>();
    for (const profile of cases) {
      const signature = JSON.stringify(profile);
      const catalogue = this.#catalogues.get(signature) ?? promptCatalogue(profile);
      catalogues.set(signature, catalogue);
      for (const prompt of catalogue) {
        const matches = byPrompt.get(prompt.prompt.trim()) ?? [];
        if (!matches.some((m) => m.profile.id === profile.id)) matches.push({ profile, prompt });
        byPrompt.set(prompt.prompt.trim(), matches);
      }
    }
    this.#byPrompt = byPrompt;
    this.#catalogues = catalogues;
    this.#loadedAt = this.#now();
  }
}
