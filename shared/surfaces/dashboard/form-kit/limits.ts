/**
 * A form field's limits read from the zod schema the server checks it with, so the browser's
 * `maxlength` and `required` can never drift from the server's rules (docs/dashboard.md
 * "Forms"). Only the shape of a schema is read: its string length checks, its list length
 * checks, and whether it may be left out.
 */
import { z } from 'zod';

/** What the browser is told about a field: the server's own limits. */
export interface FieldLimits {
  maxlength?: number;
  required: boolean;
}

/** The schema under its wrappers (default, optional, nullable, pipe), and whether it may be absent. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodOptional ||
      inner instanceof z.ZodNullable ||
      inner instanceof z.ZodPrefault
    ) {
      optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else {
      return { inner, optional };
    }
  }
}

/** The value of one length check (`max_length` / `min_length`) of a list, if it has one. */
function listCheck(schema: z.ZodArray, check: 'max_length' | 'min_length'): number | undefined {
  for (const entry of schema._zod.def.checks ?? []) {
    const def = entry._zod.def as { check: string; maximum?: number; minimum?: number };
    if (def.check === check) return check === 'max_length' ? def.maximum : def.minimum;
  }
  return undefined;
}

/**
 * A one-line text field: its longest length and whether it must be filled in (a string of at
 * least one character that cannot be left out).
 */
export function textLimits(schema: z.ZodType): FieldLimits {
  const { inner, optional } = unwrap(schema);
  if (!(inner instanceof z.ZodString)) return { required: !optional };
  const max = inner.maxLength ?? undefined;
  return {
    ...(max === undefined ? {} : { maxlength: max }),
    required: !optional && (inner.minLength ?? 0) >= 1,
  };
}

/**
 * A text area that holds a list, one entry a line: at most the list's length of entries, each
 * at most its own longest length plus `perLine` characters (a line break, separators a line
 * format adds). Required when the list needs an entry.
 */
export function listLimits(schema: z.ZodType, perLine = 2): FieldLimits {
  const { inner, optional } = unwrap(schema);
  if (!(inner instanceof z.ZodArray)) return textLimits(schema);
  const entries = listCheck(inner, 'max_length');
  const entry = textLimits(inner.element as z.ZodType).maxlength;
  return {
    ...(entries !== undefined && entry !== undefined
      ? { maxlength: entries * (entry + perLine) }
      : {}),
    required: !optional && (listCheck(inner, 'min_length') ?? 0) >= 1,
  };
}

/**
 * The longest `key: value` line of a record schema (a fact sheet): its key's and its value's
 * longest lengths, the separator and a line break.
 */
export function recordLineLimit(schema: z.ZodType): number | undefined {
  const { inner } = unwrap(schema);
  if (!(inner instanceof z.ZodRecord)) return undefined;
  const key = textLimits(inner.keyType as z.ZodType).maxlength;
  const value = textLimits(inner.valueType as z.ZodType).maxlength;
  return key === undefined || value === undefined ? undefined : key + value + 3;
}
