/**
 * Lambda entry for `PUT /api/v1/cases/{id}/digest` (operation `set_case_digest`): the API pipeline
 * (authentication, validation, error envelope) around `putDigest`; its dependencies come from
 * `getAlertDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { putDigest } from '#shared/domain/alerts/digest';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getAlertDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.set_case_digest,
  putDigest,
  getAlertDeps,
  getApiDeps,
);
