/**
 * Reading the ids a step's answer carries (steps.ts and its parts): a string at a path of the
 * JSON body, or the first UUID after a path segment in a page.
 */

/** The string at `path` in a JSON answer; throws when there is none. */
export const pick = (value: unknown, ...path: string[]): string => {
  let current = value;
  for (const key of path) current = (current as Record<string, unknown> | undefined)?.[key];
  if (typeof current !== 'string') throw new Error(`no ${path.join('.')} in the answer`);
  return current;
};

/** The UUID right after `before` in a page's text; throws when there is none. */
export const uuidIn = (text: string, before: string): string => {
  const found = new RegExp(`${before}([0-9a-f-]{36})`).exec(text)?.[1];
  if (!found) throw new Error(`no id after ${before}`);
  return found;
};
