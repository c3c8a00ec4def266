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
import { type AnonymousAllowance, freeScans, inWords } from '#shared/domain/scans/anonymous-quota';
import { type ScanWriteDeps, scanDomain } from '#shared/domain/scans/operations';
import { CreateScanBodySchema } from '#shared/domain/scans/schemas';
import {
  browserMark,
  browserScansCookie,
  readBrowserScans,
} from '#shared/surfaces/dashboard/browser-scans';
import { defineForm, submitForm } from '#shared/surfaces/dashboard/form-kit/form';
import type { MessageContext } from '#shared/surfaces/dashboard/form-kit/messages';
import type { ScanFormSchema } from '#shared/surfaces/dashboard/forms';
import { SCAN_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { type PageResponse, parseWith } from '#shared/surfaces/dashboard/responses';
import { DASHBOARD_SCRIPT } from '#shared/surfaces/dashboard/views/client-script';
import { dashboardLayout } from '#shared/surfaces/dashboard/views/layout';
import { DASHBOARD_CSS } from '#shared/surfaces/dashboard/views/styles';
import { type Html, html } from '#shared/surfaces/http/html';
import { publicPageHeaders } from './page-headers.ts';
import {
  SCAN_BOX_CSS,
  SCAN_BOX_LABEL,
  type ScanBoxOptions,
  scanBox,
  scanBoxStyle,
} from './scan-box.ts';

/** "This address has used its 3 free scans of today: 0 left. They come back at 00:00 UTC, ..." */
function spentMessage(c: MessageContext): string {
  const quota = c.details?.quota;
  const seconds = c.details?.reset_seconds;
  const when = typeof seconds === 'number' ? `, ${inWords(seconds)}` : '';
  const used = typeof quota === 'number' ? `its ${freeScans(quota)}` : 'its free scans';
  return `This address has used ${used} of today: 0 left. They come back at 00:00 UTC${when}. Create a free account (link below) to scan more and keep your history.`;
}

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
        rate_limited: spentMessage,
        // "We could not reach nosuch.invalid: no such domain." (scan-engine/unreachable.ts)
        scan_failed: (c: MessageContext) => c.detail ?? 'We could not reach the site.',
      },
    },
  },
  field: 'domain',
});

/** What the box's refusal page is headed with, by what went wrong. */
function headingsOf(status: number, details: Record<string, unknown>) {
  if (typeof details.reason === 'string') {
    return { title: 'We could not reach that site', box: 'Check the address and scan again' };
  }
  if (status === 429) {
    return { title: 'No free scans left today', box: 'Scan again when they come back' };
  }
  return { title: 'Check the domain', box: 'Check the domain and scan again' };
}

/** What the scan box needs beyond the scan: the visitor's free scans left (for the refusal). */
export interface HomeScanDeps extends ScanWriteDeps {
  anonymousAllowance(sourceIp: string): Promise<AnonymousAllowance | undefined>;
}

/**
 * The page a refused scan form answers: the box again, with the domain and the reason, the free
 * scans left, and the way back, in the frame the scan form's function already bundles (the
 * dashboard's, without a viewer). Not the home page, whose route list would bundle the route
 * manifest there. Its headers admit the dashboard's style and script and the box's style.
 */
export function renderScanBoxPage(box: ScanBoxOptions & { title?: string }): Html {
  const title = box.title ?? 'Scan a site';
  const body = html`<h1>${title}</h1>
${scanBoxStyle()}
${scanBox({ heading: 'Check the domain and scan again', ...box })}
<p><a href="/">Back to the home page</a> · <a href="/docs">Documentation</a></p>`;
  return dashboardLayout({ title, body });
}

/** The refusal page's headers: never cached, and the public pages' security headers. */
function refusedHeaders(): Record<string, string> {
  return {
    'cache-control': 'no-store',
    ...publicPageHeaders([DASHBOARD_CSS, SCAN_BOX_CSS], [DASHBOARD_SCRIPT]),
  };
}

export async function scanFromHomePage(
  input: OperationInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: HomeScanDeps,
): Promise<PageResponse> {
  const domain = input.body.domain.trim();
  const secure = input.request.baseUrl.startsWith('https:');
  const carried = readBrowserScans(input.request.cookies, secure);
  const mark = browserMark(carried);
  const scanned = await submitForm(HOME_SCAN_FORM, { domain }, () =>
    scanDomain(
      { ...input, body: parseWith(CreateScanBodySchema, { domain }, 'invalid_domain') },
      deps,
      { claimHash: mark.claimHash },
    ),
  );
  if (scanned.ok) {
    const id = scanned.value.scan.id;
    return {
      body: '',
      status: 303,
      headers: {
        location: `/scans/${id}`,
        'cache-control': 'no-store',
        // The browser keeps its scans for the account it may sign up for (browser-scans.ts).
        'set-cookie': browserScansCookie(mark.token, [...(carried?.scanIds ?? []), id], secure),
      },
    };
  }
  const error = scanned.state.error;
  const headings = headingsOf(scanned.status, scanned.details);
  const allowance = await deps.anonymousAllowance(input.request.sourceIp);
  const page = renderScanBoxPage({
    domain,
    error: error?.fields?.domain ?? error?.message,
    title: headings.title,
    heading: headings.box,
    allowance,
  });
  return { body: page.toString(), status: scanned.status, headers: refusedHeaders() };
}
