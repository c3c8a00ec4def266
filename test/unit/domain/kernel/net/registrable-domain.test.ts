import { describe, expect, it } from 'vitest';
import {
  isHostWithin,
  isSameSite,
  registrableDomain,
} from '#shared/domain/kernel/net/registrable-domain';

describe('registrableDomain', () => {
  it('keeps two sites on a private public suffix apart', () => {
    expect(registrableDomain('a.github.io')).toBe('a.github.io');
    expect(isSameSite('a.github.io', 'b.github.io')).toBe(false);
  });

  it('reduces subdomains under multi-label suffixes', () => {
    expect(registrableDomain('shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('https://WWW.Example.com/path?q=1')).toBe('example.com');
    expect(isSameSite('docs.example.com', 'example.com')).toBe(true);
  });

  it('keeps hosts without a registrable domain as they are', () => {
    expect(registrableDomain('localhost:4100')).toBe('localhost');
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('[::1]:8080')).toBe('::1');
    expect(registrableDomain('github.io')).toBe('github.io');
  });

  it('matches subdomains on label boundaries only', () => {
    expect(isHostWithin('blog.example.com', 'example.com')).toBe(true);
    expect(isHostWithin('notexample.com', 'example.com')).toBe(false);
  });
});
