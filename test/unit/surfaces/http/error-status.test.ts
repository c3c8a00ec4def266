/**
 * One source for an error's status: the surfaces' table gives every code its HTTP status, the
 * domain names each code's family and no status, and the two agree. Every code thrown anywhere in
 * the source has a status, and is thrown with the class of its family.
 */
import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_CODES,
  type ErrorCodeName,
  type ErrorFamily,
  ForbiddenError,
} from '#shared/domain/kernel/errors';
import { mapError } from '#shared/surfaces/http/error-mapper';
import { HTTP_STATUS_OF_CODE, httpStatusOf } from '#shared/surfaces/http/error-status';
import {
  type ThrownCode,
  thrownCodes,
  thrownCodesIn,
} from '#test/support/architecture/thrown-codes';

/** The status each family answers with; `protocol` codes each have their own. */
const FAMILY_STATUS: Record<Exclude<ErrorFamily, 'protocol'>, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limited: 429,
  failed: 500,
  unavailable: 503,
};

/** The family each error class is thrown for; the base AppError may carry any code. */
const CLASS_FAMILY: Record<string, ErrorFamily | undefined> = {
  AppError: undefined,
  BadRequestError: 'invalid',
  UnauthorizedError: 'unauthenticated',
  PaymentRequiredError: 'payment',
  ForbiddenError: 'forbidden',
  ConflictError: 'conflict',
  RateLimitedError: 'limited',
  NotFoundError: 'not_found',
  OperationFailedError: 'failed',
  UnavailableError: 'unavailable',
};

const CODES = Object.keys(ERROR_CODES) as ErrorCodeName[];

/** What is wrong with a thrown code: no status, or a class of another family. */
function problemsOf(thrown: readonly ThrownCode[]): string[] {
  return thrown.flatMap(({ file, line, errorClass, code }) => {
    const where = `${file}:${line} ${errorClass}('${code}')`;
    if (!(code in HTTP_STATUS_OF_CODE)) return [`${where}: no status for this code`];
    const family = CLASS_FAMILY[errorClass];
    const codeFamily = ERROR_CODES[code as ErrorCodeName].family;
    return family && family !== codeFamily ? [`${where}: a ${codeFamily} code`] : [];
  });
}

describe('the status of an error', () => {
  it('comes from one table that names every code and nothing else', () => {
    expect(Object.keys(HTTP_STATUS_OF_CODE).sort()).toEqual([...CODES].sort());
    for (const code of CODES) expect(httpStatusOf(code), code).toBeGreaterThanOrEqual(400);
  });

  it("agrees with each code's family", () => {
    for (const code of CODES) {
      const { family } = ERROR_CODES[code];
      if (family === 'protocol') {
        expect(Object.values(FAMILY_STATUS), code).not.toContain(httpStatusOf(code));
      } else {
        expect(httpStatusOf(code), code).toBe(FAMILY_STATUS[family]);
      }
    }
  });

  it('is what the error mapper answers for the code, whatever the class that carries it', () => {
    for (const code of CODES) {
      expect(mapError(new AppError(code, 'x')).status, code).toBe(httpStatusOf(code));
    }
    expect(mapError(new ForbiddenError('admin_not_allowed', 'x')).status).toBe(403);
    expect(mapError(new Error('not an AppError')).status).toBe(500);
  });
});

describe('every error code thrown in the source', () => {
  it('has a status and is thrown with the class of its family', () => {
    const thrown = thrownCodes(process.cwd());
    // Each family's class is thrown somewhere; the admin refusal is a forbidden code (403).
    expect(new Set(thrown.map((entry) => entry.errorClass))).toEqual(
      new Set(Object.keys(CLASS_FAMILY)),
    );
    expect(thrown).toContainEqual(
      expect.objectContaining({ errorClass: 'ForbiddenError', code: 'admin_not_allowed' }),
    );
    expect(problemsOf(thrown)).toEqual([]);
  });

  it('is caught thrown with the class of another family, or without a status', () => {
    const planted = thrownCodesIn(
      'shared/domain/accounts/operator-service.ts',
      `throw new ConflictError('admin_not_allowed', 'A plugin key never carries monitor:admin.');
       throw new AppError(known?.code ?? 'no_such_code', 'x');
       throw new NotFoundError('No such case.');`,
    );
    expect(problemsOf(planted)).toEqual([
      "shared/domain/accounts/operator-service.ts:1 ConflictError('admin_not_allowed'): a forbidden code",
      "shared/domain/accounts/operator-service.ts:2 AppError('no_such_code'): no status for this code",
    ]);
  });
});
