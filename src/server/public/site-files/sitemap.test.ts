import { describe, expect, it } from 'vitest';
import { parsePartName } from './sitemap';
import { robotsAllows, robotsTxt } from './robots';

describe('parsePartName', () => {
  it('reads the names the index lists and nothing else', () => {
    expect(parsePartName('pages.xml')).toEqual({ kind: 'pages' });
    expect(parsePartName('channels-12.xml')).toEqual({ kind: 'channels', number: 12 });
    expect(parsePartName('networks-1.xml')).toEqual({ kind: 'networks', number: 1 });
    for (const bad of [
      'channels-0.xml',
      'channels-01.xml',
      'channels-1234567.xml',
      'channels.xml',
      'pages-1.xml',
      'channels-1.xml.gz',
      '../x.xml',
      '',
    ]) {
      expect(parsePartName(bad), bad).toBeNull();
    }
  });
});

describe('robots', () => {
  it('allows the public API under the disallowed /api/', () => {
    expect(robotsAllows('/api/analytics')).toBe(true);
    expect(robotsAllows('/api/auth/me')).toBe(false);
    expect(robotsTxt('https://v.example')).toContain('Allow: /api/analytics\n');
  });
});
