import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagImageHtml, flagUrl } from './flag-images';

const FLAGS = path.resolve(import.meta.dirname, '../../assets/flags');

describe('flag images', () => {
  it('gives a raster image for every flag in the assets folder, none for unknown codes or ZZ', () => {
    const codes = readdirSync(FLAGS).map((file) => file.replace(/\.png$/, '').toUpperCase());
    expect(codes.length).toBeGreaterThan(250);
    for (const code of codes) expect(flagUrl(code), code).toMatch(/\.png(\?no-inline)?$/);
    expect(flagUrl('us')).toBe(flagUrl('US'));
    expect(flagUrl('ZZ')).toBeNull();
    expect(flagUrl('QQ')).toBeNull();
    expect(flagUrl(null)).toBeNull();
  });

  it('writes a lazy 20×15 image named after the country, empty alt when it is decorative', () => {
    expect(flagImageHtml('JP')).toMatch(
      /^<img class="flag" src="[^"]+\.png(\?no-inline)?" alt="Japan" title="Japan" width="20" height="15" loading="lazy" decoding="async">$/,
    );
    expect(flagImageHtml('JP', { decorative: true })).toContain('alt=""');
    expect(flagImageHtml('ZZ')).toBe('');
  });
});
