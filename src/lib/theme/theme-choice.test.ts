import { describe, expect, it } from 'vitest';
import { parseThemeChoice, themeAttribute, themeCookie, themeFromCookieHeader } from './theme-choice';

describe('themeFromCookieHeader', () => {
  it('reads a chosen theme among other cookies', () => {
    expect(themeFromCookieHeader('session=abc; theme=dark; other=1')).toBe('dark');
    expect(themeFromCookieHeader('theme=light')).toBe('light');
    expect(themeFromCookieHeader(' theme = dark ')).toBe('dark');
  });

  it('follows the system without the cookie', () => {
    expect(themeFromCookieHeader(null)).toBe('system');
    expect(themeFromCookieHeader('')).toBe('system');
    expect(themeFromCookieHeader('session=abc')).toBe('system');
    // A cookie whose name merely contains "theme" is another cookie.
    expect(themeFromCookieHeader('mytheme=dark; theme_x=dark')).toBe('system');
  });

  it('ignores values that are no choice instead of failing', () => {
    for (const header of [
      'theme=',
      'theme=purple',
      'theme=DARK',
      'theme=dark%00',
      'theme=<script>',
      'theme',
      ';;=;theme==dark',
      'theme=%E0%A4%A',
    ]) {
      expect(themeFromCookieHeader(header), header).toBe('system');
    }
  });

  it('takes the first theme cookie', () => {
    expect(themeFromCookieHeader('theme=light; theme=dark')).toBe('light');
  });
});

describe('parseThemeChoice', () => {
  it('knows the three choices and nothing else', () => {
    expect(['system', 'light', 'dark'].map(parseThemeChoice)).toEqual(['system', 'light', 'dark']);
    expect([undefined, null, '', 'auto', 'Light', ' dark', 'toString', '__proto__'].map(parseThemeChoice)).toEqual(Array(8).fill(null));
  });
});

describe('themeCookie', () => {
  it('keeps a chosen theme for a year, Secure off loopback', () => {
    expect(themeCookie('dark', true)).toBe('theme=dark; Path=/; SameSite=Lax; Max-Age=31536000; Secure');
    expect(themeCookie('light', false)).toBe('theme=light; Path=/; SameSite=Lax; Max-Age=31536000');
  });

  it('removes the cookie for the system theme', () => {
    expect(themeCookie('system', false)).toBe('theme=; Path=/; SameSite=Lax; Max-Age=0');
  });
});

describe('themeAttribute', () => {
  it('writes a chosen theme, nothing for the system one', () => {
    expect(themeAttribute('dark')).toBe('dark');
    expect(themeAttribute('light')).toBe('light');
    expect(themeAttribute('system')).toBeUndefined();
  });
});
