/**
 * Stripe's request bodies as the SDK sends them: `application/x-www-form-urlencoded` with nested
 * keys in brackets (`line_items[0][price]=price_…`, `metadata[account_id]=…`), read into nested
 * objects (numeric keys make arrays), and the flat pairs kept as sent for tests to read.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0][c]` -> `['a', 'b', '0', 'c']`. */
function pathOf(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

function setAt(target: FormObject | FormValue[], path: readonly string[], value: string): void {
  const [key = '', ...rest] = path;
  const container = target as Record<string, FormValue>;
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  const nextIsIndex = /^\d+$/.test(rest[0] ?? '');
  const existing = container[key];
  const child =
    existing !== undefined && typeof existing === 'object'
      ? existing
      : nextIsIndex
        ? ([] as FormValue[])
        : ({} as FormObject);
  container[key] = child;
  setAt(child, rest, value);
}

export interface FormBody {
  /** The pairs as sent, in order (`line_items[0][price]` stays one key). */
  pairs: [string, string][];
  nested: FormObject;
}

export function readFormBody(text: string): FormBody {
  const pairs = [...new URLSearchParams(text).entries()];
  const nested: FormObject = {};
  for (const [key, value] of pairs) setAt(nested, pathOf(key), value);
  return { pairs, nested };
}

/** A nested string value by path, or undefined. */
export function stringAt(body: FormObject, ...path: (string | number)[]): string | undefined {
  let current: FormValue | undefined = body;
  for (const key of path) {
    if (current === undefined || typeof current === 'string') return undefined;
    current = (current as Record<string, FormValue>)[String(key)];
  }
  return typeof current === 'string' ? current : undefined;
}

/** A nested object of strings (metadata) by key. */
export function stringMap(body: FormObject, ...path: string[]): Record<string, string> {
  let current: FormValue | undefined = body;
  for (const key of path) {
    if (current === undefined || typeof current === 'string') return {};
    current = (current as Record<string, FormValue>)[key];
  }
  if (current === undefined || typeof current === 'string' || Array.isArray(current)) return {};
  return Object.fromEntries(
    Object.entries(current).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
