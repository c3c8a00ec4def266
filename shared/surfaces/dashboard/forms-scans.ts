/**
 * The forms of scans, batches and the scan history's search (docs/dashboard.md "Forms"): each
 * declared once with its labels, the server's limits read from the schema (or the constant) the
 * area checks the value with, the area error codes that are about a field, and the plain words
 * each field says when refused. One file per area, so that a page's function bundles only its own
 * forms' rules.
 */
import { MAX_SCAN_INPUT_LENGTH } from '#shared/domain/scan-engine/target';
import { ListDomainsQuerySchema } from '#shared/domain/scans/history-schemas';
import { defineForm } from './form-kit/form.ts';
import { textLimits } from './form-kit/limits.ts';
import { type MessageContext, tooLongMessage as tooLong } from './form-kit/messages.ts';

const DOMAIN_MESSAGES = {
  required: 'Enter a domain, for example example.com.',
  too_long: tooLong('This address'),
  invalid_domain: (c: MessageContext) => `This is not a domain that can be scanned: ${c.detail}`,
};

export const SCAN_FORM = defineForm({
  fields: {
    domain: {
      label: 'Domain or URL',
      maxlength: MAX_SCAN_INPUT_LENGTH,
      required: true,
      messages: DOMAIN_MESSAGES,
    },
  },
  codes: { invalid_domain: 'domain' },
});

export const BATCH_FORM = defineForm({
  fields: {
    domains: {
      label: 'Domains, one per line',
      required: true,
      messages: {
        required: 'Enter at least one domain, one per line.',
        too_few: 'Enter at least one domain, one per line.',
        no_valid_entry:
          'None of these lines is a domain that can be scanned; the table above says why for each.',
      },
    },
  },
  // Every refusal of a batch is about its one field; the area's words say the plan's limits.
  field: 'domains',
  codeOf: (error) =>
    error.code === 'invalid_request' && Array.isArray(error.details?.rejected)
      ? 'no_valid_entry'
      : undefined,
});

export const HISTORY_SEARCH_FORM = defineForm({
  fields: {
    q: {
      label: 'Domain contains',
      ...textLimits(ListDomainsQuerySchema.shape.q),
      messages: { too_long: tooLong('The search') },
    },
  },
});
