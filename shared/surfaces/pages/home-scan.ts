/**
 * The home page's scan box (docs/dashboard.md "A way in"), served by the dashboard's form
 * pipeline (route `dashboard_home_scan`) and declared with its form kit: an anonymous
 * `scan_domain` within the daily limit of anonymous scans, then the scan's public result page
 * (303). An empty or too long domain, a refused domain, a reached limit or a failed scan answers
 * the scan box again with the domain kept and the message at the field, in the status the API
 * gives; a visitor's limit points to a free account, not to an API key.
 */
import type { z } from 'zod';
import type { OperationInput } from '#shared/domain/kernel/operation';
import { MAX_SCAN_INPUT_LENGTH } from '#shared/domain/scan-engine/target';
import { type ScanWriteDeps, scanDomain } from '#shared/domain/scans/operations';
import { CreateScanBodySchema } from '#shared/domain/scans/schemas';
import { defineForm, submitForm } from '#shared/surfaces/dashboard/form-kit/form';
import type { MessageContext } from '#shared/surfaces/dashboard/form-kit/messages';
import type { ScanFormSchema } from '#shared/surfaces/dashboard/forms';
import { SCAN_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { type PageResponse, parseWith } from '#shared/surfaces/dashboard/responses';
import { dashboardLayout } from '#shared/surfaces/dashboard/views/layout';
import { type Html, html } from '#shared/surfaces/http/html';
import { SCAN_BOX_LABEL, type ScanBoxOptions, scanBox, scanBoxStyle } from './scan-box.ts';

/** The box's one field, its limits and its words for each refusal. */
export const HOME_SCAN_FORM = defineForm({
  fields: {
    domain: {
      label: SCAN_BOX_LABEL,
      maxlength: MAX_SCAN_INPUT_LENGTH,
      required: true,
      messages: {
        // The dashboard's scan form's words for a missing, too long or refused domain.
        ...SCAN_FORM.fields.domain.messages,
        rate_limited:
          'This address has used its free scans for today. Create a free account (link below) to scan more and keep your history, or scan again after 00:00 UTC.',
        scan_failed: (c: MessageContext) => `The scan could not be completed: ${c.detail}`,
      },
    },
  },
  field: 'domain',
});

/** The home page is public: no dashboard CSP (its own inline style), never cached when refused. */
const REFUSED_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * The page a refused scan form answers: the box again, with the domain and the reason, and the
 * way back, in the frame the scan form's function already bundles (the dashboard's, without a
 * viewer). Not the home page, whose route list would bundle the route manifest there. Sent
 * without the dashboard's Content-Security-Policy, so the box's own rules apply.
 */
export function renderScanBoxPage(box: ScanBoxOptions): Html {
  const body = html`<h1>Scan a site</h1>
${scanBoxStyle()}
${scanBox({ heading: 'Check the domain and scan again', ...box })}
<p><a href="/">Back to the home page</a> · <a href="/docs">Documentation</a></p>`;
  return dashboardLayout({ title: 'Scan a site', body });
}

export async function scanFromHomePage(
  input: OperationInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: ScanWriteDeps,
): Promise<PageResponse> {
  const domain = input.body.domain.trim();
  const scanned = await submitForm(HOME_SCAN_FORM, { domain }, () =>
    scanDomain(
      { ...input, body: parseWith(CreateScanBodySchema, { domain }, 'invalid_domain') },
      deps,
    ),
  );
  if (scanned.ok) {
    return {
      body: '',
      status: 303,
      headers: { location: `/scans/${scanned.value.scan.id}`, 'cache-control': 'no-store' },
    };
  }
  const error = scanned.state.error;
  return {
    body: renderScanBoxPage({ domain, error: error?.fields?.domain ?? error?.message }).toString(),
    status: scanned.status,
    headers: REFUSED_HEADERS,
  };
}
