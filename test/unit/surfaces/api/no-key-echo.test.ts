import { describe, expect, it } from 'vitest';
import { generateApiKey } from '#shared/domain/accounts/api-keys';
import { AppError } from '#shared/domain/kernel/errors';
import { fallbackError } from '#shared/surfaces/api/fallback';
import { errorResponse } from '#shared/surfaces/http/request';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/** Issue 18, finding 4: no API key in any response body, whatever path or message held it. */
const key = generateApiKey();
const request = { id: 'req-1', baseUrl: 'https://api.example.com' };

describe('responses never echo an API key', () => {
  it('answers a path below the MCP key route without the key', () => {
    const body = errorResponse(
      fallbackError('POST', `/api/mcp/${key}/extra`),
      request,
      logger,
    ).body;
    expect(body).not.toContain(key);
    expect(body).toContain('not_found');
  });

  it('answers a method the key path does not take without the key', () => {
    const body = errorResponse(fallbackError('DELETE', `/api/mcp/${key}`), request, logger).body;
    expect(body).not.toContain(key);
  });

  it('scrubs a key from any error message', () => {
    const error = new AppError('not_found', `No scan with id "${key}".`);
    const body = errorResponse(error, request, logger).body;
    expect(body).not.toContain(key);
    expect(body).not.toContain(key.slice(4, 30));
  });
});
