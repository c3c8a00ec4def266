/**
 * A declared form's fields as HTML (docs/dashboard.md "Forms"): each control with its label,
 * the server's `maxlength` and `required`, the value as typed, and its message under it
 * (`aria-invalid`, `aria-describedby`); the box at the top lists the fields to correct, each a
 * link to its control, and says once what is about no field.
 */
import {
  type CheckboxOptions,
  checkGroup,
  fieldId,
  fieldMessage,
  textArea,
  textField,
} from '#shared/surfaces/dashboard/views/components';
import { type Html, html } from '#shared/surfaces/http/html';
import type { FormSpec, FormState } from './form.ts';

/** What a control adds to its field's declaration: a hint, a type, rows, its own id. */
export interface ControlOptions {
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'search';
  autocomplete?: string;
  id?: string;
  /** A label other than the declared one (the declared one names it in the error box). */
  label?: string;
}

function typedValue(state: FormState | undefined, name: string): string {
  const value = state?.values[name];
  return typeof value === 'string' ? value : '';
}

/** The field's message, when the form came back refused. */
export function fieldError(state: FormState | undefined, name: string): string | undefined {
  return state?.error?.fields?.[name];
}

/** A one-line text control of a declared form. */
export function formInput<F extends string>(
  spec: FormSpec<F>,
  state: FormState | undefined,
  name: F,
  options: ControlOptions = {},
): Html {
  const field = spec.fields[name];
  return textField({
    name,
    label: options.label ?? field.label,
    value: typedValue(state, name),
    error: fieldError(state, name),
    ...(field.required ? { required: true } : {}),
    ...(field.maxlength ? { maxlength: field.maxlength } : {}),
    ...options,
  });
}

/** A text area of a declared form. */
export function formTextArea<F extends string>(
  spec: FormSpec<F>,
  state: FormState | undefined,
  name: F,
  options: { hint?: string; rows?: number } = {},
): Html {
  const field = spec.fields[name];
  return textArea({
    name,
    label: field.label,
    value: typedValue(state, name),
    error: fieldError(state, name),
    ...(field.required ? { required: true } : {}),
    ...(field.maxlength ? { maxlength: field.maxlength } : {}),
    ...options,
  });
}

/**
 * The search field of a search form (a GET form laid out in a row): label, control and, when
 * the search came back refused, its message after it.
 */
export function formSearch<F extends string>(
  spec: FormSpec<F>,
  state: FormState | undefined,
  name: F,
): Html {
  const field = spec.fields[name];
  const id = fieldId(name);
  const error = fieldError(state, name);
  const attributes = html`${field.maxlength ? html` maxlength="${field.maxlength}"` : ''}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}`;
  return html`<span class="search-field"><label for="${id}">${field.label}</label><input type="search" id="${id}" name="${name}" value="${typedValue(state, name)}"${attributes}>${fieldMessage(id, error)}</span>`;
}

/** A group of checkboxes of a declared form; `id` when the page holds the form more than once. */
export function formChecks<F extends string>(
  spec: FormSpec<F>,
  state: FormState | undefined,
  name: F,
  boxes: readonly CheckboxOptions[],
  options: { id?: string; legend?: string } = {},
): Html {
  const field = spec.fields[name];
  return checkGroup({
    name,
    legend: options.legend ?? field.label,
    boxes,
    error: fieldError(state, name),
    ...(field.required ? { required: true } : {}),
    ...(options.id ? { id: options.id } : {}),
  });
}

/**
 * The box at the top of a refused form: the fields to correct as links to them (their messages
 * stand once, at the fields), and what is about no field. Focus moves here when the page loads.
 */
export function formErrorBox(
  spec: FormSpec,
  state: FormState | undefined,
  /** The controls' ids when they are not `f-<name>` (a form the page holds more than once). */
  ids: Readonly<Record<string, string>> = {},
): Html {
  const error = state?.error;
  if (!error) return html``;
  const names = Object.keys(error.fields ?? {}).filter((name) => name in spec.fields);
  const links = names.map(
    (name) =>
      html`<li><a href="#${ids[name] ?? fieldId(name)}">${spec.fields[name]?.label ?? name}</a></li>`,
  );
  const heading =
    names.length === 0
      ? ''
      : html`<strong>${names.length === 1 ? 'Please correct this field:' : `Please correct these ${names.length} fields:`}</strong><ul>${links}</ul>`;
  const message = error.message
    ? names.length === 0
      ? html`<strong>${error.message}</strong>`
      : html`<p>${error.message}</p>`
    : '';
  return html`<div class="error" role="alert" id="form-error" tabindex="-1">${heading}${message}</div>`;
}
