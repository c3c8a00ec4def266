/**
 * The header rule of docs/architecture.md: every source file in shared/, functions/, local/ and
 * infra/ starts with a comment that says what the file is for, before its first import (a
 * comment after the imports reads as the documentation of the next symbol). Checked by
 * test/unit/architecture/headers.test.ts; `npx tsx test/support/architecture/move-headers.ts`
 * moves a block comment that follows the imports up to the top of the file.
 */
import ts from 'typescript';
import type { SourceFile } from './layers.ts';

export const HEADER_ROOTS = ['shared', 'functions', 'local', 'infra'] as const;

/**
 * Files still without a header before their imports, each finished by the change named (they
 * are being rewritten elsewhere, or need a header written rather than moved). The test fails
 * when one of these has its header and is still listed, so the list only shrinks.
 */
export const PENDING_HEADERS: Readonly<Record<string, string>> = {
  'shared/adapters/providers/http.ts': 'header to write',
  'shared/adapters/providers/index.ts': 'header to write',
  'shared/domain/accounts/authenticate.ts': 'dashboard slice',
  'shared/domain/accounts/ports.ts': 'header to write',
  'shared/domain/monitor/engine/summary.ts': 'header to write',
  'shared/domain/scans/service.ts': 'reliability',
  'shared/domain/webhooks/abandon.ts': 'header to write',
  'shared/surfaces/http/meta.ts': 'header to write',
  'shared/surfaces/api/openapi.ts': 'header to write',
  'shared/surfaces/http/request.ts': 'header to write',
  'shared/surfaces/api/routes/scans.ts': 'header to write',
  'shared/surfaces/api/routes/webhooks.ts': 'header to write',
  'shared/surfaces/pages/docs-page.ts': 'header to write',
  'functions/http/batch/create-batch.ts': 'handler header to write',
  'functions/http/batch/get-batch.ts': 'handler header to write',
  'functions/http/batch/list-batches.ts': 'handler header to write',
  'functions/http/dashboard/batch-csv.ts': 'dashboard slice',
  'functions/http/dashboard/batch.ts': 'dashboard slice',
  'functions/http/dashboard/batches.ts': 'dashboard slice',
  'functions/http/dashboard/case.ts': 'dashboard slice',
  'functions/http/dashboard/cases.ts': 'dashboard slice',
  'functions/http/dashboard/create-batch.ts': 'dashboard slice',
  'functions/http/dashboard/create-case.ts': 'dashboard slice',
  'functions/http/dashboard/create-key.ts': 'dashboard slice',
  'functions/http/dashboard/create-session.ts': 'dashboard slice',
  'functions/http/dashboard/create-webhook.ts': 'dashboard slice',
  'functions/http/dashboard/delete-webhook.ts': 'dashboard slice',
  'functions/http/dashboard/edit-case.ts': 'dashboard slice',
  'functions/http/dashboard/home.ts': 'dashboard slice',
  'functions/http/dashboard/keys.ts': 'dashboard slice',
  'functions/http/dashboard/new-case.ts': 'dashboard slice',
  'functions/http/dashboard/redeliver.ts': 'dashboard slice',
  'functions/http/dashboard/request-link.ts': 'dashboard slice',
  'functions/http/dashboard/revoke-key.ts': 'dashboard slice',
  'functions/http/dashboard/revoke-session.ts': 'dashboard slice',
  'functions/http/dashboard/run-scan.ts': 'dashboard slice',
  'functions/http/dashboard/scan.ts': 'dashboard slice',
  'functions/http/dashboard/scans.ts': 'dashboard slice',
  'functions/http/dashboard/sign-in.ts': 'dashboard slice',
  'functions/http/dashboard/sign-out.ts': 'dashboard slice',
  'functions/http/dashboard/start-run.ts': 'dashboard slice',
  'functions/http/dashboard/test-webhook.ts': 'dashboard slice',
  'functions/http/dashboard/update-case.ts': 'dashboard slice',
  'functions/http/dashboard/update-webhook.ts': 'dashboard slice',
  'functions/http/dashboard/webhooks.ts': 'dashboard slice',
  'functions/http/keys/create-key.ts': 'handler header to write',
  'functions/http/keys/list-keys.ts': 'handler header to write',
  'functions/http/keys/revoke-key.ts': 'handler header to write',
  'functions/http/meta/get-openapi.ts': 'handler header to write',
  'functions/http/monitor/create-case.ts': 'handler header to write',
  'functions/http/monitor/create-run.ts': 'handler header to write',
  'functions/http/monitor/get-case-summary.ts': 'handler header to write',
  'functions/http/monitor/get-case.ts': 'handler header to write',
  'functions/http/monitor/list-cases.ts': 'handler header to write',
  'functions/http/monitor/list-runs.ts': 'handler header to write',
  'functions/http/monitor/patch-case.ts': 'handler header to write',
  'functions/http/pages/docs-page.ts': 'handler header to write',
  'functions/http/pages/scan-page.ts': 'handler header to write',
  'functions/http/scans/create-scan.ts': 'handler header to write',
  'functions/http/scans/get-scan.ts': 'handler header to write',
  'functions/http/scans/get-stats.ts': 'handler header to write',
  'functions/http/scans/list-scans.ts': 'handler header to write',
  'functions/http/webhooks/create-webhook.ts': 'handler header to write',
  'functions/http/webhooks/delete-webhook.ts': 'handler header to write',
  'functions/http/webhooks/list-webhooks.ts': 'handler header to write',
  'functions/http/webhooks/redeliver-delivery.ts': 'handler header to write',
  'functions/http/webhooks/rotate-secret.ts': 'handler header to write',
  'functions/http/webhooks/test-webhook.ts': 'handler header to write',
  'functions/http/webhooks/update-webhook.ts': 'handler header to write',
  'functions/steps/batch-scan/finalize-job.ts': 'handler header to write',
  'functions/steps/batch-scan/record-failure.ts': 'handler header to write',
  'functions/steps/batch-scan/scan-domain.ts': 'handler header to write',
  'functions/steps/batch-scan/start-job.ts': 'handler header to write',
  'functions/steps/monitor-run/aggregate-run.ts': 'handler header to write',
  'functions/steps/monitor-run/ask-lane-failed.ts': 'handler header to write',
  'functions/steps/monitor-run/ask-lane.ts': 'handler header to write',
  'functions/steps/monitor-run/judge-lane-failed.ts': 'handler header to write',
  'functions/steps/monitor-run/judge-lane.ts': 'handler header to write',
  'functions/steps/monitor-run/mark-run-failed.ts': 'handler header to write',
  'functions/steps/monitor-run/plan-judging.ts': 'handler header to write',
  'functions/steps/monitor-run/prepare-run.ts': 'handler header to write',
  'functions/steps/webhook-delivery/abandon-delivery.ts': 'handler header to write',
  'functions/steps/webhook-delivery/attempt-delivery.ts': 'handler header to write',
  'functions/workers/dispatch-events.ts': 'handler header to write',
  'local/dynamo-local.ts': 'header to write',
  'infra/routes.ts': 'header to write',
  'infra/stacks/api-stack.ts': 'header to write',
};

/** True when the file (after a `#!` line) begins with a comment. */
export function hasHeader(text: string): boolean {
  const start = text.replace(/^#!.*\n/, '').trimStart();
  return start.startsWith('/*') || start.startsWith('//');
}

export function findMissingHeaders(files: readonly SourceFile[]): string[] {
  return files.filter((file) => !hasHeader(file.text)).map((file) => file.path);
}

/**
 * The file with the block comment that directly follows its imports moved to the top, or
 * undefined when there is no such comment (nothing to move: a header must be written).
 */
export function moveHeaderAboveImports(path: string, text: string): string | undefined {
  if (hasHeader(text)) return undefined;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const firstCode = source.statements.find((statement) => !ts.isImportDeclaration(statement));
  if (!firstCode || firstCode === source.statements[0]) return undefined;
  const comment = ts.getLeadingCommentRanges(text, firstCode.getFullStart())?.[0];
  if (!comment || comment.kind !== ts.SyntaxKind.MultiLineCommentTrivia) return undefined;
  const header = text.slice(comment.pos, comment.end);
  // Drop the comment and the line break after it, so the next symbol keeps its own spacing.
  const after = text.slice(comment.end).replace(/^[ \t]*\r?\n/, '');
  const rest = `${text.slice(0, comment.pos)}${after}`;
  return `${header}\n${rest}`;
}
