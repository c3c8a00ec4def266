/**
 * The home scan box's count of free scans (issue 36 point 1) in words: how many are left and,
 * once spent, when they come back, with "scan" singular for a deployment that allows one a day.
 */
import { describe, expect, it } from 'vitest';
import { freeScans, inWords } from '#shared/domain/scans/anonymous-quota';
import { allowanceText } from '#shared/surfaces/pages/scan-box';

const allowance = { resetsAt: '2026-12-07T00:00:00.000Z', resetSeconds: 3 * 3600 + 60 };

describe('the free scans said by the scan box', () => {
  it('says how many are left of the day’s quota', () => {
    expect(allowanceText({ ...allowance, quota: 3, left: 2 })).toBe(
      '2 of 3 free scans left today from this address.',
    );
    expect(allowanceText({ ...allowance, quota: 1, left: 1 })).toBe(
      '1 of 1 free scan left today from this address.',
    );
  });

  it('says when spent scans come back', () => {
    expect(allowanceText({ ...allowance, quota: 3, left: 0 })).toBe(
      'No free scans left today from this address (3 a day): they come back at 00:00 UTC, in 3 hours and 1 minute.',
    );
  });

  it('counts in words, singular for one', () => {
    expect([freeScans(1), freeScans(2)]).toEqual(['1 free scan', '2 free scans']);
    expect([inWords(30), inWords(3600), inWords(7260)]).toEqual([
      'in less than a minute',
      'in 1 hour',
      'in 2 hours and 1 minute',
    ]);
  });
});
