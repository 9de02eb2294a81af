// Browser side of the theme switch (ThemeSwitch.astro): the choice is applied at once and kept in the
// cookie the server reads, instead of the form's round trip through POST /api/theme.
import { parseThemeChoice, THEME_EVENT, themeAttribute, themeCookie, type ThemeChoice } from '../lib/theme/theme-choice';

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  const attribute = themeAttribute(choice);
  if (attribute) root.dataset.theme = attribute;
  else delete root.dataset.theme;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-switch] button[name="theme"]')) {
    button.setAttribute('aria-pressed', String(button.value === choice));
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}

/** Takes over the switch's submits (one switch per page; a layout may hold more). */
export function initThemeSwitch(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-theme-switch]')) {
    form.addEventListener('submit', (event) => {
      const choice = parseThemeChoice((event.submitter as HTMLButtonElement | null)?.value);
      if (!choice) return;
      event.preventDefault();
      document.cookie = themeCookie(choice, window.location.protocol === 'https:');
      apply(choice);
    });
  }
}
