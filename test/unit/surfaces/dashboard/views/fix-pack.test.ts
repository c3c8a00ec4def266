import { describe, expect, it } from 'vitest';
import type { Scope } from '#shared/domain/accounts/scopes';
import { type FixItem, fixPackSection } from '#shared/surfaces/dashboard/views/fix-pack';

/**
 * The fix pack on the dashboard's scan page (shared/surfaces/dashboard/views/fix-pack.ts): every
 * role that reads the scan sees the fixes, and only a role that may scan is offered "Check my
 * fixes" (it scans again; the session gate refuses it to the others with 403 anyway).
 */
const FIX: FixItem = {
  finding_id: 'llms-txt.missing',
  title: 'Publish an llms.txt',
  impact_points: 4,
  target_url: 'https://shop.example/llms.txt',
  steps: ['Serve the file at the root.'],
  files: [{ path: '/llms.txt', media_type: 'text/plain', content: '# Shop' }],
};

const viewerWith = (scopes: readonly Scope[]) => ({
  email: 'someone@example.com',
  csrfToken: 'csrf-token',
  can: (scope: Scope) => scopes.includes(scope),
});

describe('the fix pack section', () => {
  it('offers "Check my fixes" to a role that may scan', () => {
    const page = String(
      fixPackSection(viewerWith(['scans:read', 'scans:write']), '/verify', [FIX]),
    );
    expect(page).toContain('Publish an llms.txt');
    expect(page).toContain('action="/verify"');
    expect(page).toContain('Check my fixes');
  });

  it('shows a viewer the fixes and their files, without the form', () => {
    const page = String(fixPackSection(viewerWith(['scans:read']), '/verify', [FIX]));
    expect(page).toContain('Publish an llms.txt');
    expect(page).toContain('# Shop');
    expect(page).not.toContain('Check my fixes');
    expect(page).not.toContain('<form');
  });
});
