/**
 * Lambda entry for `GET /api/v1/cases/{id}/digest` (operation `get_case_digest`): the API pipeline
 * (authentication, validation, error envelope) around `getDigest`; its dependencies come from
 * `getAlertDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { getDigest } from '#shared/domain/alerts/digest';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getAlertDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.get_case_digest,
  getDigest,
  getAlertDeps,
  getApiDeps,
);
