/**
 * The ids of blocked AI tokens (`crawler.gptbot_blocked`), made from the token itself so the
 * crawler check names them without loading the registry's texts (docs/scan-engine.md "Finding
 * ids"); the registry lists one per token of `ai-tokens.ts`.
 */

type Underscored<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}_${Underscored<Tail>}`
  : S;

/** A user-agent token as it appears in an id: lower case, `-` as `_` ("OAI-SearchBot" → "oai_searchbot"). */
export type TokenSlug<T extends string> = Underscored<Lowercase<T>>;

/** The id of a blocked AI token's finding. */
export function blockedTokenId<T extends string>(token: T): `crawler.${TokenSlug<T>}_blocked` {
  return `crawler.${token.toLowerCase().replaceAll('-', '_')}_blocked` as `crawler.${TokenSlug<T>}_blocked`;
}
