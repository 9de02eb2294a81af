import { createHash } from 'node:crypto';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, CONTENT_SECURITY_POLICY } from './security-headers';
import { staticHeadersFile } from './static-headers';

const directive = (name: string) => CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('Content-Security-Policy', () => {
  it("allows no inline script but Astro's island loader, by its hash", () => {
    const scripts = directive('script-src');
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).toContain(`'sha256-${createHash('sha256').update(islandScript).digest('base64')}'`);
  });
});

describe('the _headers file for static files', () => {
  it('carries every header a page gets, under /*', () => {
    const lines = staticHeadersFile().split('\n');
    expect(lines.filter((line) => line.startsWith('/'))).toEqual(['/*']);
    const inFile = new Headers(
      lines
        .filter((line) => line.startsWith('  '))
        .map((line) => {
          const [name, ...value] = line.trim().split(': ');
          return [name!, value.join(': ')] as [string, string];
        }),
    );
    const onPages = new Headers();
    applySecurityHeaders(onPages, new URL('https://viewdeck.example/'));
    expect([...inFile]).toEqual([...onPages]);
  });
});
