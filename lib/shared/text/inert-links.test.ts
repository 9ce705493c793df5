import { describe, expect, it } from 'vitest';
import { hasLiveLink, inertLinks } from './inert-links';

describe('inertLinks', () => {
  it('makes every address a linkifier would find inert, and leaves prose as it was', () => {
    const cases: Array<[string, string]> = [
      ['Visit https://evil.com/refund?x=1 now', 'Visit hxxps://evil[.]com/refund?x=1 now'],
      ['go to www.evil.com or evil.xyz/path', 'go to www[.]evil[.]com or evil[.]xyz/path'],
      ['write to a.b@evil.io', 'write to a[.]b[at]evil[.]io'],
      ['HTTP://X.COM', 'hxxp://X[.]COM'],
      ['mailto:x@y.com and ftp://f.org', 'mailto[:]x[at]y[.]com and ftp[:]//f[.]org'],
      ['192.168.0.1/admin', '192[.]168[.]0[.]1/admin'],
    ];
    for (const [text, inert] of cases) {
      expect(hasLiveLink(text)).toBe(true);
      expect(inertLinks(text)).toBe(inert);
      expect(hasLiveLink(inertLinks(text))).toBe(false);
    }
    for (const prose of ['the 9 a.m. tour, e.g. on Node.js v1.2.3', 'It costs 12.50 euros.'])
      expect(inertLinks(prose)).toBe(prose);
  });
});
