import { describe, expect, it } from 'vitest';
import { BATCH_ROUTES } from '#shared/surfaces/api/routes/batch';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { LINK_PATHS, linksFor } from '#shared/surfaces/http/links';

describe('links', () => {
  it('use the same paths as the routes they point at', () => {
    expect(LINK_PATHS.scanPage).toBe(SCAN_ROUTES.scan_page.path);
    expect(LINK_PATHS.batchJob).toBe(BATCH_ROUTES.get_batch.path);
  });

  it('build absolute addresses from the base URL, encoding the id', () => {
    const links = linksFor('https://api.example.com');
    expect(links.scanPage('a b')).toBe('https://api.example.com/scans/a%20b');
    expect(links.batchJob('j1')).toBe('https://api.example.com/api/v1/scans/batch/j1');
    expect(links.docs()).toBe('https://api.example.com/docs');
  });
});
