// The visitor's theme: what they chose with the header's switch (a cookie), or the system's when they did
// not. Read by the server (the first HTML carries it, so nothing flashes) and by the switch's script.

/** The cookie that keeps the choice; absent means "follow the system". Not HttpOnly: the switch writes it. */
export const THEME_COOKIE = 'theme';
/** A year: a preference, not a session. */
export const THEME_COOKIE_MAX_AGE_SECONDS = 31_536_000;

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Sent on window when the switch changed the theme, so charts take the new colours (chart-theme.ts). */
export const THEME_EVENT = 'viewdeck:theme';

/** The switch's names for the choices, in its order. */
export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The value as a choice, or null when it is none (an old or hand-made cookie, a bad form field). */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice | null {
  return THEME_CHOICES.find((choice) => choice === value) ?? null;
}

/**
 * The choice a Cookie header carries: 'system' without the cookie or with a value that is no choice
 * (ignored, never an error). The first theme cookie counts, as browsers send the most specific first.
 * @example themeFromCookieHeader('session=x; theme=dark') // 'dark'
 * @example themeFromCookieHeader('theme=purple') // 'system'
 */
export function themeFromCookieHeader(header: string | null | undefined): ThemeChoice {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== THEME_COOKIE) continue;
    return parseThemeChoice(part.slice(at + 1).trim()) ?? 'system';
  }
  return 'system';
}

/**
 * The Set-Cookie value (or document.cookie text) that keeps a choice; 'system' removes the cookie.
 * Secure except on loopback hosts, where the browser tests and local runs use plain http.
 * @example themeCookie('dark', false) // 'theme=dark; Path=/; SameSite=Lax; Max-Age=31536000'
 */
export function themeCookie(choice: ThemeChoice, secure: boolean): string {
  const maxAge = choice === 'system' ? 0 : THEME_COOKIE_MAX_AGE_SECONDS;
  const value = choice === 'system' ? '' : choice;
  return `${THEME_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

/** The `data-theme` of <html>: the chosen theme, or none when the system decides (theme.css). */
export function themeAttribute(choice: ThemeChoice): 'light' | 'dark' | undefined {
  return choice === 'system' ? undefined : choice;
}
