/**
 * What a form says when a value is refused, in plain words (docs/dashboard.md "Forms"): one
 * table of messages by code, which a form's field may override with its own. A schema issue is
 * first reduced to a code (`required`, `too_long`, ...); an area's error keeps its own code
 * (`invalid_url`, `invalid_domain`, ...). The validator's own wording never reaches a page.
 */

/** What a message may say about the refused value. */
export interface MessageContext {
  /** The field's label as the form shows it. */
  label: string;
  /** The longest or shortest length allowed, or the most entries. */
  max?: number;
  min?: number;
  /** How long the value sent was. */
  length?: number;
  /** For a list typed one entry a line: the line (1-based) the issue is about. */
  line?: number;
  /** For a `key: value` list: the key of the entry the issue is about. */
  entry?: string;
  /** The area's own message (written for people), for codes a table does not word itself. */
  detail?: string;
  /** The rule an area names in its error's details (`details.rule`, e.g. `https_only`). */
  rule?: string;
  /** The area error's details as data (a spent quota's size and reset time, say). */
  details?: Readonly<Record<string, unknown>>;
}

export type Message = string | ((context: MessageContext) => string);

/** Messages by code; a field's table overrides the defaults below code by code. */
export type MessageTable = Readonly<Partial<Record<string, Message>>>;

/** Where in a list the issue is: "Line 3: " or "The fact “pricing”: ", or nothing. */
export function wherePrefix(context: MessageContext): string {
  if (context.line !== undefined) return `Line ${context.line}: `;
  if (context.entry !== undefined) return `The entry “${context.entry}”: `;
  return '';
}

function typed(context: MessageContext): string {
  return context.length === undefined ? '' : ` (this one has ${context.length})`;
}

/** The words every field gets unless its own table says otherwise. */
export const DEFAULT_MESSAGES: MessageTable = {
  required: (c) =>
    c.line === undefined && c.entry === undefined
      ? 'Fill in this field.'
      : `${wherePrefix(c)}this entry is empty.`,
  too_long: (c) =>
    `${wherePrefix(c)}too long: at most ${c.max} character${c.max === 1 ? '' : 's'}${typed(c)}.`,
  too_short: (c) => `${wherePrefix(c)}too short: at least ${c.min} characters.`,
  too_many: (c) => `Too many entries: at most ${c.max}.`,
  too_few: (c) => (c.min === 1 ? 'Choose at least one.' : `Choose at least ${c.min}.`),
  invalid: (c) => `${wherePrefix(c)}this value cannot be used here.`,
};

/** The message for one code: the field's own table, then the defaults, then the area's words. */
export function messageFor(
  code: string,
  context: MessageContext,
  table: MessageTable | undefined,
): string {
  const message = table?.[code] ?? DEFAULT_MESSAGES[code];
  if (message === undefined) return context.detail ?? DEFAULT_INVALID(context);
  return typeof message === 'string' ? message : message(context);
}

const DEFAULT_INVALID = (context: MessageContext) =>
  (DEFAULT_MESSAGES.invalid as (c: MessageContext) => string)(context);

/** "The name is too long: at most 80 characters (this one has 95)." */
export function tooLongMessage(what: string): (context: MessageContext) => string {
  return (c) =>
    `${what} is too long: at most ${c.max} characters${c.length === undefined ? '' : ` (this one has ${c.length})`}.`;
}
