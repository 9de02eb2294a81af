import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import sprite from '../../assets/flags.json';
import { flagPosition } from '../../lib/formats/flag-sprite';
import { flagImageHtml } from './flag-images';

const ASSETS = path.resolve(import.meta.dirname, '../../assets');
const codes = sprite.codes.split(' ');
/** The background-position of the tile at an index, worked out from the layout the generator wrote. */
const tile = (i: number) => `${-(i % sprite.columns) * sprite.width}px ${-Math.floor(i / sprite.columns) * sprite.height}px`;

describe('flags', () => {
  it('places every code on its own tile of the sprite, none for unknown codes or ZZ', async () => {
    expect(codes.length).toBeGreaterThan(250);
    const { width, height } = await sharp(readFileSync(path.join(ASSETS, 'flags.png'))).metadata();
    // Tiles at twice the size shown, sprite.columns to a row.
    expect(width).toBe(sprite.columns * sprite.width * 2);
    expect(height).toBe(Math.ceil(codes.length / sprite.columns) * sprite.height * 2);
    const positions = codes.map((code) => flagPosition(code));
    expect(new Set(positions).size).toBe(codes.length);
    expect(flagPosition('ad')).toBe('0px 0px');
    expect(flagPosition('AE')).toBe(`${-sprite.width}px 0px`);
    const last = codes.length - 1;
    expect(flagPosition(codes[last])).toBe(tile(last));
    expect(flagPosition('us')).toBe(flagPosition('US'));
    expect(flagPosition('ZZ')).toBeNull();
    expect(flagPosition('QQ')).toBeNull();
    expect(flagPosition(null)).toBeNull();
  });

  it('shows the sprite at the width its tiles are placed for (global.css)', () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../styles/global.css'), 'utf8');
    expect(css).toContain(`background-size: ${sprite.columns * sprite.width}px auto;`);
    expect(css).toMatch(new RegExp(`\\.flag \\{[^}]*width: ${sprite.width}px;\\s*height: ${sprite.height}px;`));
  });

  it('is an image named after the country, hidden from screen readers when it is decorative', () => {
    const position = tile(codes.indexOf('jp'));
    expect(flagImageHtml('JP')).toBe(
      `<span class="flag" role="img" aria-label="Japan" title="Japan" style="background-position: ${position}"></span>`,
    );
    expect(flagImageHtml('JP', { decorative: true })).toBe(
      `<span class="flag" aria-hidden="true" title="Japan" style="background-position: ${position}"></span>`,
    );
    expect(flagImageHtml('ZZ')).toBe('');
  });
});
