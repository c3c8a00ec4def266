/** Small pieces every dashboard page uses. All text passes through escapeHtml. */
import { escapeHtml } from '../../http/html.ts';

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

export interface ShownError {
  message: string;
  issues?: readonly string[];
}

/** An error the person can act on; focus moves here when the page loads after a failed form. */
export function errorBox(error: ShownError | undefined): string {
  if (!error) return '';
  const issues = error.issues?.length
    ? `<ul>${error.issues.map((issue) => `<li>${escapeHtml(issue)}</li>`).join('')}</ul>`
    : '';
  return `<div class="error" role="alert" id="form-error" tabindex="-1"><strong>${escapeHtml(error.message)}</strong>${issues}</div>`;
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

interface FieldOptions {
  name: string;
  label: string;
  value?: string;
  hint?: string;
  required?: boolean;
  /** The error of this field, shown at it and tied to it (`aria-invalid`, `aria-describedby`). */
  error?: string | undefined;
}

/**
 * A field's label (a required one marked with an asterisk that screen readers skip: the input's
 * `required` says it), hint and error, and the attributes that tie them to the input.
 */
function fieldParts(options: FieldOptions, id: string) {
  const mark = options.required ? ' <span class="required" aria-hidden="true">*</span>' : '';
  const hint = options.hint
    ? `<span class="hint" id="${id}-hint">${escapeHtml(options.hint)}</span>`
    : '';
  const error = options.error
    ? `<span class="field-error" id="${id}-error">${escapeHtml(options.error)}</span>`
    : '';
  const described = [options.error ? `${id}-error` : '', options.hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  const attributes = `${options.required ? ' required' : ''}${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
  return {
    // The mark sits beside the label, not in it: the field's name stays its label alone.
    head: `${mark ? '<span class="label-row">' : ''}<label for="${id}">${escapeHtml(options.label)}</label>${mark ? `${mark}</span>` : ''}\n${hint}${error}`,
    attributes,
    wrapper: options.error ? 'field invalid' : 'field',
  };
}

export function textField(
  options: FieldOptions & {
    type?: 'text' | 'email' | 'url' | 'search';
    autocomplete?: string;
    id?: string;
  },
): string {
  const id = options.id ?? `f-${options.name}`;
  const parts = fieldParts(options, id);
  return `<div class="${parts.wrapper}">${parts.head}
<input type="${options.type ?? 'text'}" id="${id}" name="${escapeHtml(options.name)}" value="${escapeHtml(options.value ?? '')}"${parts.attributes}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}></div>`;
}

export function textArea(options: FieldOptions & { rows?: number }): string {
  const id = `f-${options.name}`;
  const parts = fieldParts(options, id);
  return `<div class="${parts.wrapper}">${parts.head}
<textarea id="${id}" name="${escapeHtml(options.name)}" rows="${options.rows ?? 5}"${parts.attributes}>${escapeHtml(options.value ?? '')}</textarea></div>`;
}

/**
 * The errors of a form listed once, as links to the fields that hold the messages (the messages
 * themselves stand at the fields, not twice).
 */
export function fieldErrorSummary(errors: Record<string, string>, labels: Record<string, string>) {
  const names = Object.keys(errors);
  if (names.length === 0) return '';
  const items = names
    .map(
      (name) => `<li><a href="#f-${escapeHtml(name)}">${escapeHtml(labels[name] ?? name)}</a></li>`,
    )
    .join('');
  return `<div class="error" role="alert" id="form-error" tabindex="-1"><strong>Please correct ${names.length === 1 ? 'this field' : `these ${names.length} fields`}:</strong><ul>${items}</ul></div>`;
}

export function percent(value: number, digits = 0): string {
  return `${(value * 100).toFixed(digits)}%`;
}
