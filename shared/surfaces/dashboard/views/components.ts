/** Small pieces every dashboard page uses. All text passes through escapeHtml. */
import { escapeHtml } from '#shared/surfaces/http/html';

export { escapeHtml };

/** "22 Nov 2026, 04:15 UTC": the same for every reader whatever their locale. */
export function humanDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${date.toISOString().slice(11, 16)} UTC`;
}

export function timeTag(iso: string | null | undefined): string {
  if (!iso) return '–';
  return `<time datetime="${escapeHtml(iso)}">${humanDate(iso)}</time>`;
}

export function badge(status: string, text: string = status): string {
  return `<span class="badge s-${escapeHtml(status)}">${escapeHtml(text)}</span>`;
}

export function notice(text: string | undefined): string {
  return text ? `<div class="notice" role="status">${escapeHtml(text)}</div>` : '';
}

/** An error of an area as a page shows it: its message, written for people. */
export interface ShownError {
  message: string;
}

/** An error the person can act on, in a box at the top of the page. */
export function errorBox(error: ShownError | undefined): string {
  if (!error) return '';
  return `<div class="error" role="alert" id="form-error" tabindex="-1"><strong>${escapeHtml(error.message)}</strong></div>`;
}

/** The id of a form field's control (`f-<name>`), the target of the error box's links. */
export function fieldId(name: string): string {
  return `f-${name}`;
}

/** The message under a field, tied to it by `aria-describedby`. */
function fieldMessage(id: string, error: string | undefined): string {
  return error
    ? `<span class="field-error" id="${id}-error"><span class="sr-only">Error: </span>${escapeHtml(error)}</span>`
    : '';
}

/** `aria-describedby` and `aria-invalid` of a control with an optional hint and error. */
function describedBy(id: string, hint: boolean, error: string | undefined): string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
}

/** A control's label; "(required)" stands beside it, outside it, so the label stays the name. */
function labelFor(id: string, label: string, required: boolean | undefined): string {
  const marker = required ? ' <span class="req" aria-hidden="true">(required)</span>' : '';
  return `<span><label for="${id}">${escapeHtml(label)}</label>${marker}</span>`;
}

/**
 * A field's label, with "(required)" shown to sighted readers; screen readers hear "required"
 * from the control's own `required` (and the group's first box), so the text is hidden from them
 * and the field's accessible name stays its label.
 */
function labelText(label: string, required: boolean | undefined): string {
  return `${escapeHtml(label)}${required ? ' <span class="req" aria-hidden="true">(required)</span>' : ''}`;
}

/**
 * A group of checkboxes in a fieldset, its error tied to the group and its boxes marked
 * invalid. `boxes` are `checkbox(...)` strings.
 */
export function checkGroup(options: {
  name: string;
  legend: string;
  boxes: string;
  error?: string | undefined;
  required?: boolean;
  /** The fieldset's id when a page holds the same form more than once; else `f-<name>`. */
  id?: string;
}): string {
  const id = options.id ?? fieldId(options.name);
  const boxes = options.error
    ? options.boxes.replaceAll(
        '<input type="checkbox"',
        '<input type="checkbox" aria-invalid="true"',
      )
    : options.boxes;
  return `<fieldset id="${id}" tabindex="-1"${options.error ? ` aria-describedby="${id}-error"` : ''}><legend>${labelText(options.legend, options.required)}</legend>${fieldMessage(id, options.error)}<div class="checks">${boxes}</div></fieldset>`;
}

/** A table that scrolls inside its own, keyboard-reachable region on narrow screens. */
export function tableRegion(label: string, table: string, id?: string): string {
  return `<div class="table-wrap" role="region" aria-label="${escapeHtml(label)}" tabindex="0"${id ? ` id="${id}"` : ''}>${table}</div>`;
}

/** A secret shown once: a read-only field and a copy button (the button needs the script). */
export function secretBox(options: {
  id: string;
  label: string;
  value: string;
  note: string;
}): string {
  return `<div class="secret" role="status">
<p><strong>${escapeHtml(options.note)}</strong></p>
<div class="field"><label for="${options.id}">${escapeHtml(options.label)}</label>
<div class="copyrow"><input type="text" id="${options.id}" value="${escapeHtml(options.value)}" readonly spellcheck="false" autocomplete="off">
<button type="button" class="secondary" data-copy="${options.id}" hidden>Copy</button></div></div>
</div>`;
}

/** A value to copy (a share link): a read-only field and a copy button. */
export function copyField(options: { id: string; label: string; value: string }): string {
  return `<div class="field"><label for="${options.id}">${escapeHtml(options.label)}</label>
<div class="copyrow"><input type="text" id="${options.id}" value="${escapeHtml(options.value)}" readonly spellcheck="false">
<button type="button" class="secondary" data-copy="${options.id}" hidden>Copy</button></div></div>`;
}

export function checkbox(options: {
  name: string;
  value: string;
  label: string;
  checked?: boolean;
  hint?: string;
  id: string;
}): string {
  return `<label for="${options.id}"><input type="checkbox" id="${options.id}" name="${escapeHtml(options.name)}" value="${escapeHtml(options.value)}"${options.checked ? ' checked' : ''}>
<span>${escapeHtml(options.label)}${options.hint ? ` <span class="hint">${escapeHtml(options.hint)}</span>` : ''}</span></label>`;
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
}): string {
  const id = options.id ?? fieldId(options.name);
  return `<div class="field${options.error ? ' invalid' : ''}">${labelFor(id, options.label, options.required)}
${options.hint ? `<span class="hint" id="${id}-hint">${escapeHtml(options.hint)}</span>` : ''}${fieldMessage(id, options.error)}
<input type="${options.type ?? 'text'}" id="${id}" name="${escapeHtml(options.name)}" value="${escapeHtml(options.value ?? '')}"${options.required ? ' required' : ''}${options.maxlength ? ` maxlength="${options.maxlength}"` : ''}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}${describedBy(id, Boolean(options.hint), options.error)}></div>`;
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
}): string {
  const id = fieldId(options.name);
  return `<div class="field${options.error ? ' invalid' : ''}">${labelFor(id, options.label, options.required)}
${options.hint ? `<span class="hint" id="${id}-hint">${escapeHtml(options.hint)}</span>` : ''}${fieldMessage(id, options.error)}
<textarea id="${id}" name="${escapeHtml(options.name)}" rows="${options.rows ?? 5}"${options.required ? ' required' : ''}${options.maxlength ? ` maxlength="${options.maxlength}"` : ''}${describedBy(id, Boolean(options.hint), options.error)}>${escapeHtml(options.value ?? '')}</textarea></div>`;
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
  hidden: string;
  small?: boolean;
  /** Not destructive in itself (rotating a secret): the plain secondary look. */
  secondary?: boolean;
}): string {
  return `<details class="confirm"><summary class="button ${options.secondary ? 'secondary' : 'danger'}${options.small ? ' small' : ''}">${escapeHtml(options.label)}<span class="sr-only"> ${escapeHtml(options.target)}</span></summary>
<div class="confirm-body"><p>${escapeHtml(options.question)}</p><form class="inline" method="post" action="${escapeHtml(options.action)}">${options.hidden}<button class="${options.secondary ? '' : 'danger '}small" type="submit">${escapeHtml(options.confirm)}</button></form></div></details>`;
}

export function percent(value: number, digits = 0): string {
  return `${(value * 100).toFixed(digits)}%`;
}
