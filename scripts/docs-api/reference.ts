/**
 * The reference part of docs/api.md, as markdown, generated from what the service runs on: the
 * route manifest (shared/surfaces/api/manifest.ts and its routes/ files), each route's zod
 * schemas, the error table and the scope and event lists. Every route gets its method, path,
 * operation id, auth and scope, summary, request and response fields, success status and error
 * codes. scripts/docs-api.ts writes it between the markers; test/unit/docs/api-reference.test.ts
 * fails when the committed part differs.
 */
import type { z } from 'zod';
import { SCOPES } from '#shared/domain/accounts/scopes';
import { EVENT_TYPES } from '#shared/domain/events/types';
import type { ErrorCodeName } from '#shared/domain/kernel/errors';
import {
  ERROR_CODES,
  errorCodesOf,
  ROUTES,
  type RouteDefinition,
} from '#shared/surfaces/api/manifest';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { ErrorEnvelopeSchema, MetaSchema } from '#shared/surfaces/http/schemas';
import { type FieldRow, fieldRows, type SchemaSide } from './fields.ts';

/** The HTTP status of an error code: the one place this generator reads it (the surfaces' table). */
export function statusOf(code: ErrorCodeName): number {
  return httpStatusOf(code);
}

/** Text safe inside a markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('|', '\\|').trim();
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  return lines.join('\n');
}

function fieldTable(rows: readonly FieldRow[]): string {
  return table(
    ['Field', 'Type', 'Notes'],
    rows.map((row) => [
      `\`${row.path}\``,
      cell(`${row.type}${row.optional ? ', optional' : ''}`),
      cell(row.notes),
    ]),
  );
}

function fieldsSection(title: string, schema: z.ZodType | undefined, side: SchemaSide): string {
  if (!schema) return '';
  const rows = fieldRows(schema, side);
  return rows.length === 0 ? `${title}: none.\n` : `${title}:\n\n${fieldTable(rows)}\n`;
}

function authOf(route: RouteDefinition): string {
  const scope = route.scope ? `, scope \`${route.scope}\`` : '';
  switch (route.auth) {
    case 'none':
      return 'none';
    case 'session':
      return 'dashboard session cookie (forms also carry the CSRF token)';
    case 'optional':
      return `bearer key optional${scope}`;
    default:
      return `bearer key required${route.scope ? scope : ', any scope'}`;
  }
}

/** Lower-case anchor of a heading, as GitHub builds it. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function routeHeading(route: RouteDefinition): string {
  return `${route.method} ${route.path} (${route.operationId})`;
}

function successLine(route: RouteDefinition): string {
  const response = route.response;
  if ('schema' in response) return `\`${response.status}\`, JSON (with \`meta\`)`;
  return `\`${response.status}\`, \`${response.raw}\``;
}

function errorsLine(route: RouteDefinition): string {
  const codes = errorCodesOf(route).sort((a, b) => statusOf(a) - statusOf(b) || a.localeCompare(b));
  return codes.map((code) => `${statusOf(code)} \`${code}\``).join(', ');
}

function facts(route: RouteDefinition): string {
  const lines = [
    `- Auth: ${authOf(route)}`,
    `- Success: ${successLine(route)}${route.exports ? `; also ${route.exports.map((type) => `\`${type}\``).join(', ')} by \`format\`` : ''}`,
    `- Errors: ${errorsLine(route)}`,
  ];
  if (route.idempotent) lines.push('- Takes `Idempotency-Key`');
  if (route.mcpTool) lines.push(`- MCP tool: \`${route.operationId}\``);
  if (route.addition) lines.push('- Addition to the customer contract (docs/decisions.md)');
  return lines.join('\n');
}

/** The summary and the description, the summary once when the description repeats it. */
function whatItDoes(route: RouteDefinition): string {
  const description = route.description.replace(/\s+/g, ' ').trim();
  const summary = route.summary.trim();
  return description.startsWith(summary) ? description : `${summary}. ${description}`;
}

/** One route: heading, what it does, its facts and its field tables. */
function routeReference(route: RouteDefinition): string {
  const request = route.request;
  // The dashboard's forms post form fields; every other body is JSON.
  const form =
    route.area === 'dashboard' ? 'form fields, `application/x-www-form-urlencoded`' : 'JSON';
  const bodyTitle = `Request body (${form}${request?.optionalBody ? ', optional' : ''})`;
  const response = 'schema' in route.response ? route.response.schema : undefined;
  return [
    `#### ${routeHeading(route)}\n`,
    `${whatItDoes(route)}\n`,
    `${facts(route)}\n`,
    fieldsSection('Path parameters', request?.params, 'input'),
    fieldsSection('Query parameters', request?.query, 'input'),
    fieldsSection(bodyTitle, request?.body, 'input'),
    fieldsSection(`Response \`${route.response.status}\` fields`, response, 'output'),
  ]
    .filter((part) => part !== '')
    .join('\n');
}

function routeIndex(routes: readonly RouteDefinition[]): string {
  return table(
    ['Route', 'Operation', 'Auth', 'Success', 'Summary'],
    routes.map((route) => [
      `[\`${route.method} ${route.path}\`](#${anchorOf(routeHeading(route))})`,
      `\`${route.operationId}\``,
      cell(authOf(route)),
      String(route.response.status),
      cell(route.summary),
    ]),
  );
}

function routesByTag(routes: readonly RouteDefinition[]): Map<string, RouteDefinition[]> {
  const groups = new Map<string, RouteDefinition[]>();
  for (const route of routes) groups.set(route.tag, [...(groups.get(route.tag) ?? []), route]);
  return groups;
}

function errorTable(): string {
  const codes = (Object.keys(ERROR_CODES) as ErrorCodeName[]).sort(
    (a, b) => statusOf(a) - statusOf(b) || a.localeCompare(b),
  );
  return table(
    ['Status', 'Code', 'Meaning'],
    codes.map((code) => [
      String(statusOf(code)),
      `\`${code}\``,
      cell(ERROR_CODES[code].description),
    ]),
  );
}

function scopeTable(): string {
  return table(
    ['Scope', 'Routes that ask for it'],
    SCOPES.map((scope) => {
      const routes = ROUTES.filter((route) => route.scope === scope).map(
        (route) => `\`${route.operationId}\``,
      );
      return [`\`${scope}\``, routes.length > 0 ? routes.join(', ') : 'none (see the guide)'];
    }),
  );
}

/** The whole generated part, without its markers. */
export function renderReference(): string {
  const groups = [...routesByTag(ROUTES)].map(
    ([tag, routes]) => `### ${tag}\n\n${routes.map(routeReference).join('\n')}`,
  );
  return [
    '## Reference',
    'Generated by `npm run docs:api` from the route manifest, the schemas and the error table: ' +
      'edit those, then run the script. Field types read "optional" when a field may be left ' +
      'out; a response field without it is always present.',
    '### Every response: `meta`',
    fieldTable(fieldRows(MetaSchema, 'output')),
    '### Every error: the envelope',
    fieldTable(fieldRows(ErrorEnvelopeSchema, 'output')),
    '### Error codes',
    errorTable(),
    '### Scopes',
    scopeTable(),
    '### Webhook events',
    EVENT_TYPES.map((event) => `- \`${event}\``).join('\n'),
    '### Routes',
    routeIndex(ROUTES),
    ...groups,
  ].join('\n\n');
}
