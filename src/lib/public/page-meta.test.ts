import { describe, expect, it } from 'vitest';
import { canonicalUrl, clipText, DESCRIPTION_MAX_CHARS, headTags, metaTagsHtml } from './page-meta';

const ORIGIN = 'https://v.example';

describe('canonicalUrl', () => {
  it('keeps the given keys sorted, repeats list values and drops empty ones', () => {
    expect(canonicalUrl(ORIGIN, '/channels', { period: '2026-10', lang: undefined, country: '', category: '20' })).toBe(
      'https://v.example/channels?category=20&period=2026-10',
    );
    expect(canonicalUrl(ORIGIN, '/find', { form_str: ['b c', 'a&b'] })).toBe('https://v.example/find?form_str=b+c&form_str=a%26b');
    expect(canonicalUrl(ORIGIN, '/channel/UC1')).toBe('https://v.example/channel/UC1');
    expect(canonicalUrl(ORIGIN, '/compare', { c: 'UCa,UCb' })).toBe('https://v.example/compare?c=UCa,UCb');
    expect(canonicalUrl(ORIGIN, '/find', { form_str: '%2C' })).toBe('https://v.example/find?form_str=%252C');
  });
});

describe('clipText', () => {
  it('cuts long text at a word with an ellipsis, counting emoji as one character', () => {
    const long = `${'word '.repeat(60)}end`;
    const clipped = clipText(long);
    expect(Array.from(clipped).length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
    expect(clipped.endsWith('word…')).toBe(true);
    expect(clipText('🎉'.repeat(5), 3)).toBe('🎉🎉…');
    expect(clipText(' a \n b ')).toBe('a b');
  });
});

describe('metaTagsHtml', () => {
  it('escapes a hostile title in every tag and leaves out an image that is not http(s)', () => {
    const title = `"><script>alert(1)</script>'&🎉`;
    const html = metaTagsHtml(
      { title, description: title, path: '/channel/UC1', image: { url: 'javascript:alert(1)', alt: title } },
      ORIGIN,
    );
    expect(html).not.toMatch(/<script|"><|javascript:/);
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;&amp;🎉"');
    expect(html).not.toContain('og:image');
  });

  it('writes the tags a preview needs, an absolute image and noindex when asked', () => {
    const tags = headTags(
      { title: 'T', description: 'D', path: '/network/n', image: { url: '/logo.png', alt: 'A' }, type: 'profile', noindex: true },
      ORIGIN,
    );
    const keys = tags.map((t) => (t.kind === 'canonical' ? 'canonical' : t.key));
    expect(keys).toEqual([
      'description',
      'canonical',
      'og:site_name',
      'og:type',
      'og:title',
      'og:description',
      'og:url',
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'og:image',
      'og:image:alt',
      'twitter:image',
      'twitter:image:alt',
      'robots',
    ]);
    expect(tags.find((t) => t.kind !== 'canonical' && t.key === 'og:image')?.value).toBe('https://v.example/logo.png');
  });
});
