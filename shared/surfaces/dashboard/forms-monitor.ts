/**
 * The run form and the cases' search (the case form is in case-form.ts) (docs/dashboard.md
 * "Forms"): each declared once with its labels, the server's limits read from the schema (or the
 * constant) the area checks the value with, the area error codes that are about a field, and the
 * plain words each field says when refused. One file per area, so that a page's function bundles
 * only its own forms' rules.
 */
import { CreateRunBodySchema, ListCasesQuerySchema } from '#shared/domain/monitor/schemas';
import { defineForm } from './form-kit/form.ts';
import { textLimits } from './form-kit/limits.ts';
import { tooLongMessage as tooLong } from './form-kit/messages.ts';

export const RUN_FORM = defineForm({
  fields: {
    label: {
      label: 'Run label (optional)',
      ...textLimits(CreateRunBodySchema.shape.label),
      messages: { too_long: tooLong('The label') },
    },
  },
});

/** Searches: a person types them too, so a refusal is worded at the field as well. */
export const CASE_SEARCH_FORM = defineForm({
  fields: {
    q: {
      label: 'Find a case',
      ...textLimits(ListCasesQuerySchema.shape.q),
      messages: { too_long: tooLong('The search') },
    },
  },
});
