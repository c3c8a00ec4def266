/**
 * One reusable piece for every form of the dashboard and the public pages (docs/dashboard.md
 * "Forms"): a form is declared once with its fields (label, the server's limits read from the
 * zod schema, its own messages), and any refusal of the server (a schema issue, an area's
 * error code) becomes a message at the field it is about, in the words of the message table.
 * The page then renders the same form again with what was typed (`render.ts`).
 */
import { AppError, type ErrorCodeName } from '#shared/domain/kernel/errors';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import type { FieldLimits } from './limits.ts';
import { type MessageContext, type MessageTable, messageFor } from './messages.ts';

/** One field: its label, the server's limits, and messages that override the defaults. */
export interface FieldSpec extends Partial<FieldLimits> {
  label: string;
  messages?: MessageTable;
}

export interface FormSpec<F extends string = string> {
  fields: Readonly<Record<F, FieldSpec>>;
  /** Which field an area's error code is about (`invalid_url` -> `url`). */
  codes?: Readonly<Partial<Record<string, F>>>;
  /** The field every other refusal of the area is about (a form of one field). */
  field?: F;
  /** A code of the form's own for an area error its code alone does not tell apart. */
  codeOf?: (error: AppError) => string | undefined;
  /** What the box says for a refusal that is about no field, by code (else the area's words). */
  messages?: MessageTable;
}

/** Declares a form; the type keeps its field names. */
export function defineForm<F extends string>(spec: {
  fields: Readonly<Record<F, FieldSpec>>;
  codes?: Readonly<Partial<Record<ErrorCodeName, NoInfer<F>>>>;
  field?: NoInfer<F>;
  codeOf?: (error: AppError) => string | undefined;
  messages?: MessageTable;
}): FormSpec<F> {
  return spec;
}

/**
 * A form that came back refused: the messages by field, and what is about no field (said once,
 * in the box at the top).
 */
export interface FormError {
  fields?: Readonly<Record<string, string>>;
  message?: string;
}

/** What a form shows: the values as typed, and the refusal if there was one. */
export interface FormState {
  values: Readonly<Record<string, string | readonly string[] | undefined>>;
  error?: FormError | undefined;
}

/** A schema issue as `parseWith` and the request validation keep it in `details.issues`. */
interface Issue {
  path?: unknown[];
  /** Written by an area's own check (a schema issue kept by `parseWith` carries none). */
  message?: string;
  code?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  length?: unknown;
}

/** The codes of zod's issues; any other code is one of ours (`not_key_value`) and kept as it is. */
const SCHEMA_CODES = new Set([
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
]);

/** A schema issue reduced to a code of the message table. */
export function issueCode(issue: Issue): string {
  if (issue.code !== undefined && !SCHEMA_CODES.has(issue.code)) return issue.code;
  const list = issue.origin === 'array' || issue.origin === 'set';
  if (issue.code === 'too_small') {
    if (list) return 'too_few';
    return issue.minimum === 1 ? 'required' : 'too_short';
  }
  if (issue.code === 'too_big') return list ? 'too_many' : 'too_long';
  if (issue.code === 'invalid_type' && issue.origin === undefined) return 'required';
  return 'invalid';
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** Where in the field the issue is: a line of a list, or the key of a `key: value` entry. */
function placeOf(rest: readonly unknown[]): Pick<MessageContext, 'line' | 'entry'> {
  const [first] = rest;
  if (typeof first === 'number') return { line: first + 1 };
  if (typeof first === 'string') return { entry: first };
  return {};
}

function issueMessage(field: FieldSpec, issue: Issue): string {
  const [, ...rest] = issue.path ?? [];
  const max = numberOr(issue.maximum);
  const min = numberOr(issue.minimum);
  const length = numberOr(issue.length);
  const context: MessageContext = {
    label: field.label,
    ...(max === undefined ? {} : { max }),
    ...(min === undefined ? {} : { min }),
    ...(length === undefined ? {} : { length }),
    ...placeOf(rest),
  };
  return messageFor(issueCode(issue), context, field.messages);
}

/** The first message per field of a schema refusal; issues about no field of the form count apart. */
function issueFields(spec: FormSpec, issues: readonly Issue[]) {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const name = issue.path?.[0];
    const field = typeof name === 'string' ? spec.fields[name] : undefined;
    if (!field || typeof name !== 'string') unplaced.push(issue.message ?? '');
    else fields[name] ??= issueMessage(field, issue);
  }
  return { fields, unplaced };
}

/**
 * What the box says about issues of no field: an area's own words when it wrote them (a case's
 * competitor named like the brand), else that something sent cannot be used.
 */
function unplacedMessage(unplaced: readonly string[]): string | undefined {
  if (unplaced.length === 0) return undefined;
  const written = unplaced.filter((text) => text !== '');
  if (written.length < unplaced.length) return NOT_PLACED;
  return `${written.map((text) => text.charAt(0).toUpperCase() + text.slice(1)).join('. ')}.`;
}

const NOT_PLACED = 'Some of what was sent cannot be used; please check the form and send it again.';

/**
 * A refusal as the form shows it, or undefined for anything that is not an AppError (a fault
 * of ours, which the page's error handling answers). Schema issues go to their fields; an area
 * code the form names (`codes`) goes to its field; any other code stays in the box, in the
 * form's words for it or the area's own.
 */
export function formError(error: unknown, spec: FormSpec): FormError | undefined {
  if (!(error instanceof AppError)) return undefined;
  const details = error.details ?? {};
  const issues = Array.isArray(details.issues) ? (details.issues as Issue[]) : undefined;
  if (issues && issues.length > 0) {
    const { fields, unplaced } = issueFields(spec, issues);
    const message = unplacedMessage(unplaced);
    return message ? { fields, message } : { fields };
  }
  const rule = typeof details.rule === 'string' ? details.rule : undefined;
  const code = spec.codeOf?.(error) ?? error.code;
  const name = spec.codes?.[code] ?? spec.field;
  const field = name ? spec.fields[name] : undefined;
  const context = { detail: error.message, details, ...(rule ? { rule } : {}) };
  if (name && field) {
    const message = messageFor(code, { label: field.label, ...context }, field.messages);
    return { fields: { [name]: message } };
  }
  return { message: messageFor(code, { label: '', ...context }, spec.messages) };
}

function emptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * The declared limits checked before the area's operation runs (the same numbers the browser
 * is given, read from the same schemas): an empty required field or a value over its
 * `maxlength` is refused in the form's words, and nothing is spent on it.
 */
export function checkFields(spec: FormSpec, values: FormState['values']): FormError | undefined {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries<FieldSpec>(spec.fields)) {
    const value = values[name];
    const context = { label: field.label };
    if (Array.isArray(value) || value === undefined) {
      if (field.required && (value === undefined || emptyList(value))) {
        fields[name] = messageFor('too_few', { ...context, min: 1 }, field.messages);
      }
      continue;
    }
    const text = value as string;
    if (field.required && text.trim() === '') {
      fields[name] = messageFor('required', context, field.messages);
    } else if (field.maxlength !== undefined && text.length > field.maxlength) {
      const long = { ...context, max: field.maxlength, length: text.length };
      fields[name] = messageFor('too_long', long, field.messages);
    }
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** The limits' refusal with what `validate` finds added, the limits' own message first per field. */
function withValidation(spec: FormSpec, refused: FormError, validate: () => unknown): FormError {
  try {
    validate();
    return refused;
  } catch (error) {
    const found = formError(error, spec);
    if (!found) return refused;
    const fields = { ...found.fields, ...refused.fields };
    const message = refused.message ?? found.message;
    return message === undefined ? { fields } : { fields, message };
  }
}

/** A form sent: the operation's value, or the form to show again with its status. */
export type Submitted<T> =
  | { ok: true; value: T }
  | { ok: false; state: FormState; status: number; details: Record<string, unknown> };

/**
 * Sends a form: its declared limits first, then the area's operation; a refusal of either (an
 * AppError) comes back as the form's state (the values as typed, the messages at their
 * fields) with the error's status. Anything else is a fault and is thrown on.
 */
export async function submitForm<T>(
  spec: FormSpec,
  values: FormState['values'],
  run: () => Promise<T>,
  /**
   * Checks the values as the operation would, writing nothing (the area's request schema): when
   * the declared limits refuse the form, what it finds is shown at once beside them, so a person
   * sees every error in one go (issue 36 point 7).
   */
  validate?: () => unknown,
): Promise<Submitted<T>> {
  const refused = checkFields(spec, values);
  if (refused) {
    const error = validate ? withValidation(spec, refused, validate) : refused;
    return { ok: false, state: { values, error }, status: 400, details: {} };
  }
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const shown = formError(error, spec);
    if (!shown || !(error instanceof AppError)) throw error;
    const state = { values, error: shown };
    return { ok: false, state, status: httpStatusOf(error.code), details: error.details ?? {} };
  }
}
