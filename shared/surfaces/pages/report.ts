/**
 * `GET /reports/{token}` (operation `report_page`): a live report link's page, and for every
 * other token (unknown, revoked, expired, malformed) the same 404 page, never JSON: whoever
 * follows a dead link is a person.
 */
import { AppError } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import { openReport, type ReportPageDeps } from '#shared/domain/reports/operations';
import type { ReportTokenParams } from '#shared/domain/reports/schemas';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import { REPORT_HEADERS, renderReportNotFound, renderReportPage } from './report-page.ts';

export async function reportPage(
  input: OperationInput<ReportTokenParams>,
  deps: ReportPageDeps,
): Promise<RawResponse> {
  const data = await openReport(input, deps);
  return { body: renderReportPage(data, deps.clock.now()).toString(), headers: REPORT_HEADERS };
}

/** A refused token (404) or path (400) answers the 404 page; an outage keeps its own answer. */
export function reportPageError(error: unknown): RawResponse | undefined {
  if (!(error instanceof AppError) || !['not_found', 'invalid_request'].includes(error.code)) {
    return undefined;
  }
  return { status: 404, body: renderReportNotFound().toString(), headers: REPORT_HEADERS };
}
