import { describe, expect, it } from 'vitest';
import { badgeDomain } from '#shared/domain/scans/reads';
import { notScannedBadgeSvg, scoreBadgeSvg, scoreBand } from '#shared/surfaces/pages/badge';

describe('the score badge', () => {
  it('shows the score of the domain, labelled for screen readers', () => {
    const svg = scoreBadgeSvg('shop.example', 72).toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('>72/100</text>');
    expect(svg).toContain('aria-label="Agent readiness of shop.example: 72 out of 100"');
    expect(svg).toContain('<title>Agent readiness of shop.example: 72 out of 100</title>');
  });

  it('colours by band: good from 80, fair from 50, poor below', () => {
    expect([
      scoreBand(80).name,
      scoreBand(79).name,
      scoreBand(50).name,
      scoreBand(49).name,
    ]).toEqual(['good', 'fair', 'fair', 'poor']);
    expect(scoreBadgeSvg('a.example', 91).toString()).toContain(scoreBand(91).colour);
  });

  it('is wider for a wider value, so the text always fits', () => {
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width(notScannedBadgeSvg().toString())).toBeGreaterThan(
      width(scoreBadgeSvg('a.example', 5).toString()),
    );
  });

  it('says "not scanned" in grey, naming no score at all', () => {
    const svg = notScannedBadgeSvg().toString();
    expect(svg).toContain('>not scanned</text>');
    expect(svg).toContain('#555555');
    expect(svg).not.toMatch(/\d+\/100/);
  });
});

describe('the domain of a badge URL', () => {
  it('reads it the way scans store it', () => {
    expect(badgeDomain('WWW.Shop.Example.')).toBe('shop.example');
    expect(badgeDomain('127.0.0.1:8443')).toBe('127.0.0.1:8443');
  });

  it('refuses what cannot be a host, so it matches no scan', () => {
    for (const text of [
      '',
      '-',
      'a b.example',
      'shop.example/x',
      'shop.example:',
      `${'a'.repeat(300)}.example`,
    ]) {
      expect(badgeDomain(text), text).toBeUndefined();
    }
  });
});
