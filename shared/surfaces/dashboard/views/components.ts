/** Small pieces every dashboard page uses, each built with the escaping template `html`. */
import { type Html, html } from '#shared/surfaces/http/html';

/** "22 Nov 2026, 04:15 UTC": the same for every reader whatever their locale (text, not markup). */
export function humanDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${date.toISOString().slice(11, 16)} UTC`;
}

export function timeTag(iso: string | null | undefined): Html {
  if (!iso) return html`–`;
  return html`<time datetime="${iso}">${humanDate(iso)}</time>`;
}

export function badge(status: string, text: string = status): Html {
  return html`<span class="badge s-${status}">${text}</span>`;
}

export function notice(text: string | undefined): Html {
  return text ? html`<div class="notice" role="status">${text}</div>` : html``;
}

/** An error of an area as a page shows it: its message, written for people. */
export interface ShownError {
  message: string;
}

/** An error the person can act on, in a box at the top of the page. */
export function errorBox(error: ShownError | undefined): Html {
  if (!error) return html``;
  return html`<div class="error" role="alert" id="form-error" tabindex="-1"><strong>${error.message}</strong></div>`;
}

/** The id of a form field's control (`f-<name>`), the target of the error box's links. */
export function fieldId(name: string): string {
  return `f-${name}`;
}

/** The message under a field (or after a search field), tied to it by `aria-describedby`. */
export function fieldMessage(id: string, error: string | undefined): Html {
  return error
    ? html`<span class="field-error" id="${id}-error"><span class="sr-only">Error: </span>${error}</span>`
    : html``;
}

/** `aria-describedby` and `aria-invalid` of a control with an optional hint and error. */
function describedBy(id: string, hint: boolean, error: string | undefined): Html {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return html`${ids.length ? html` aria-describedby="${ids.join(' ')}"` : ''}${error ? html` aria-invalid="true"` : ''}`;
}

/** " required" and ` maxlength="N"`, the server's own limits, as attributes of a control. */
function limits(required: boolean | undefined, maxlength: number | undefined): Html {
  return html`${required ? html` required` : ''}${maxlength ? html` maxlength="${maxlength}"` : ''}`;
}

/** A control's label; "(required)" stands beside it, outside it, so the label stays the name. */
function labelFor(id: string, label: string, required: boolean | undefined): Html {
  const marker = required ? html` <span class="req" aria-hidden="true">(required)</span>` : '';
  return html`<span><label for="${id}">${label}</label>${marker}</span>`;
}

/**
 * A field's label, with "(required)" shown to sighted readers; screen readers hear "required"
 * from the control's own `required` (and the group's first box), so the text is hidden from them
 * and the field's accessible name stays its label.
 */
function labelText(label: string, required: boolean | undefined): Html {
  return html`${label}${required ? html` <span class="req" aria-hidden="true">(required)</span>` : ''}`;
}

/**
 * A group of checkboxes in a fieldset, its error tied to the group and its boxes marked
 * invalid.
 */
export function checkGroup(options: {
  name: string;
  legend: string;
  boxes: readonly CheckboxOptions[];
  error?: string | undefined;
  required?: boolean;
  /** The fieldset's id when a page holds the same form more than once; else `f-<name>`. */
  id?: string;
}): Html {
  const id = options.id ?? fieldId(options.name);
  const invalid = Boolean(options.error);
  const boxes = options.boxes.map((box) => checkbox({ ...box, invalid }));
  return html`<fieldset id="${id}" tabindex="-1"${options.error ? html` aria-describedby="${id}-error"` : ''}><legend>${labelText(options.legend, options.required)}</legend>${fieldMessage(id, options.error)}<div class="checks">${boxes}</div></fieldset>`;
}

/** A table that scrolls inside its own, keyboard-reachable region on narrow screens. */
export function tableRegion(label: string, table: Html, id?: string): Html {
  return html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0"${id ? html` id="${id}"` : ''}>${table}</div>`;
}

/** A secret shown once: a read-only field and a copy button (the button needs the script). */
export function secretBox(options: {
  id: string;
  label: string;
  value: string;
  note: string;
}): Html {
  return html`<div class="secret" role="status">
<p><strong>${options.note}</strong></p>
<div class="field"><label for="${options.id}">${options.label}</label>
<div class="copyrow"><input type="text" id="${options.id}" value="${options.value}" readonly spellcheck="false" autocomplete="off">
<button type="button" class="secondary" data-copy="${options.id}" hidden>Copy</button></div></div>
</div>`;
}

/** A value to copy (a share link): a read-only field and a copy button. */
export function copyField(options: { id: string; label: string; value: string }): Html {
  return html`<div class="field"><label for="${options.id}">${options.label}</label>
<div class="copyrow"><input type="text" id="${options.id}" value="${options.value}" readonly spellcheck="false">
<button type="button" class="secondary" data-copy="${options.id}" hidden>Copy</button></div></div>`;
}

/** One box of a `checkGroup`. */
export interface CheckboxOptions {
  name: string;
  value: string;
  label: string;
  checked?: boolean;
  hint?: string | undefined;
  id: string;
}

function checkbox(options: CheckboxOptions & { invalid: boolean }): Html {
  return html`<label for="${options.id}"><input type="checkbox"${options.invalid ? html` aria-invalid="true"` : ''} id="${options.id}" name="${options.name}" value="${options.value}"${options.checked ? html` checked` : ''}>
<span>${options.label}${options.hint ? html` <span class="hint">${options.hint}</span>` : ''}</span></label>`;
}

export function textField(options: {
  name: string;
  label: string;
  value?: string;
  type?: 'text' | 'email' | 'url' | 'search';
  hint?: string;
  required?: boolean;
  autocomplete?: string;
  id?: string;
  /** The message of a failed form for this field: shown under it, `aria-invalid`. */
  error?: string | undefined;
  maxlength?: number;
}): Html {
  const id = options.id ?? fieldId(options.name);
  return html`<div class="field${options.error ? ' invalid' : ''}">${labelFor(id, options.label, options.required)}
${options.hint ? html`<span class="hint" id="${id}-hint">${options.hint}</span>` : ''}${fieldMessage(id, options.error)}
<input type="${options.type ?? 'text'}" id="${id}" name="${options.name}" value="${options.value ?? ''}"${limits(options.required, options.maxlength)}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ''}${describedBy(id, Boolean(options.hint), options.error)}></div>`;
}

export function textArea(options: {
  name: string;
  label: string;
  value?: string;
  hint?: string;
  required?: boolean;
  rows?: number;
  /** The message of a failed form for this field: shown under it, `aria-invalid`. */
  error?: string | undefined;
  maxlength?: number;
}): Html {
  const id = fieldId(options.name);
  return html`<div class="field${options.error ? ' invalid' : ''}">${labelFor(id, options.label, options.required)}
${options.hint ? html`<span class="hint" id="${id}-hint">${options.hint}</span>` : ''}${fieldMessage(id, options.error)}
<textarea id="${id}" name="${options.name}" rows="${options.rows ?? 5}"${limits(options.required, options.maxlength)}${describedBy(id, Boolean(options.hint), options.error)}>${options.value ?? ''}</textarea></div>`;
}

/**
 * A destructive action with a confirm step that works without a script: the first button
 * (a `<summary>`) opens the question, the form's own button does it.
 */
export function confirmAction(options: {
  /** What the first button says, e.g. "Revoke". */
  label: string;
  /** Who or what it acts on, for screen readers ("key ars_…abcd"). */
  target: string;
  question: string;
  action: string;
  confirm: string;
  hidden: Html;
  small?: boolean;
  /** Not destructive in itself (rotating a secret): the plain secondary look. */
  secondary?: boolean;
}): Html {
  return html`<details class="confirm"><summary class="button ${options.secondary ? 'secondary' : 'danger'}${options.small ? ' small' : ''}">${options.label}<span class="sr-only"> ${options.target}</span></summary>
<div class="confirm-body"><p>${options.question}</p><form class="inline" method="post" action="${options.action}">${options.hidden}<button class="${options.secondary ? '' : 'danger '}small" type="submit">${options.confirm}</button></form></div></details>`;
}

/**
 * What tells apart cases of one brand in a list (issue 36 point 6): "Germany · de, en", or the
 * languages alone; empty for a case with neither.
 */
export function caseVariant(entry: { region: string; languages: readonly string[] }): string {
  return [entry.region.trim(), entry.languages.join(', ')].filter(Boolean).join(' · ');
}

export function percent(value: number, digits = 0): string {
  return `${(value * 100).toFixed(digits)}%`;
}
